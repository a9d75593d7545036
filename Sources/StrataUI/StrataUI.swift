public enum StrataUIVersion { public static let string = "0.1" }
