// Core Animation code written for Apple platforms gets CGFloat, CGPoint, CGSize and CGRect from
// UIKit/AppKit; porting swaps that import for `import Strata`, so Strata re-exports Foundation
// (where swift-corelibs-foundation defines those types on Linux).
@_exported import Foundation
