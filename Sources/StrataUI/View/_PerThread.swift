import Foundation

/// The calling thread's object under `key`, made by `make` on the thread's first use: state
/// that UIKit keeps per thread (the graphics context and view animation stacks).
func _perThread<T: AnyObject>(_ key: String, _ make: () -> T) -> T {
    let dictionary = Thread.current.threadDictionary
    if let value = dictionary[key] as? T { return value }
    let value = make()
    dictionary[key] = value
    return value
}
