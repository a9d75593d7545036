import Foundation

/// A child process whose output is collected line by line, with deadline-bounded waits.
///
/// Nothing here sleeps for a fixed time: waits return as soon as the line or exit arrives, or
/// when the deadline passes. The child is killed (SIGKILL) when this object is released while it
/// still runs, so a failing test leaves no process behind.
final class ChildProcess {
    enum Outcome: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case let .exited(code): "exit code \(code)"
            case let .signalled(signal): "killed by signal \(signal)"
            }
        }
    }

    /// A stream's text split at "\n": the complete lines, then what follows the last newline.
    private struct Lines {
        var complete: [String] = []
        var partial = ""

        mutating func append(_ text: String) {
            partial += text
            while let newline = partial.firstIndex(of: "\n") {
                complete.append(String(partial[..<newline]))
                partial = String(partial[partial.index(after: newline)...])
            }
        }

        /// The text as read, byte for byte.
        var text: String { complete.map { $0 + "\n" }.joined() + partial }
    }

    /// State shared with the reader threads and the termination handler (all under `condition`).
    private final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        var output = Lines()
        var error = Lines()
        var openStreams = 2
        var outcome: Outcome?
    }

    private let shared = Shared()
    let command: String
    let pid: pid_t

    /// Spawns `executable` (an absolute path) with stdin from /dev/null and stdout/stderr piped
    /// to us. The environment defaults to this process's.
    init(executable: String, arguments: [String] = [], environment: [String: String]? = nil) throws {
        command = ([executable] + arguments).joined(separator: " ")
        // Our pipe ends are close-on-exec; the child gets its copies through dup2 only, so no
        // other process (e.g. a compositor a script leaves running) keeps them open.
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        // (pipe2 needs _GNU_SOURCE, which Glibc's module does not expose.)
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw HarnessError.failed("pipe: errno \(errno)") }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(out[1])
        close(err[1])
        guard rc == 0 else {
            close(out[0]); close(err[0])
            throw HarnessError.failed("cannot run \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        let spawned = child
        Self.startReader(fd: out[0], shared) { $0.output.append($1) }
        Self.startReader(fd: err[0], shared) { $0.error.append($1) }
        let shared = shared
        Thread {
            var status: Int32 = 0
            while waitpid(spawned, &status, 0) < 0 && errno == EINTR {}
            // <sys/wait.h>'s WIFEXITED/WEXITSTATUS/WTERMSIG are macros Swift does not import.
            let outcome: Outcome = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
            shared.condition.withLock {
                shared.outcome = outcome
                shared.condition.broadcast()
            }
        }.start()
    }

    deinit {
        kill()
    }


    /// Everything written to stdout so far, as complete lines.
    var standardOutputLines: [String] { shared.condition.withLock { shared.output.complete } }
    /// Everything written to stderr so far, as read (a last line may lack its newline).
    var standardError: String { shared.condition.withLock { shared.error.text } }

    /// Waits until stdout has a line equal to `line`; false when the deadline passes or the
    /// process ended without printing it.
    func waitForLine(_ line: String, timeout: TimeInterval) -> Bool {
        waitForLines(timeout: timeout) { $0.contains(line) }
    }

    /// The stdout lines so far.
    var lines: [String] { shared.condition.withLock { shared.output.complete } }

    /// Waits until `ready(lines)` holds for the stdout lines so far; false when the deadline
    /// passes or the process ended first.
    func waitForLines(timeout: TimeInterval, until ready: ([String]) -> Bool) -> Bool {
        waitUnderLock(timeout: timeout) { ready($0.output.complete) }
    }

    /// Waits until `ready(lines)` holds for the complete stderr lines so far; false when the
    /// deadline passes or the process ended first. `ready` runs under the readers' lock each
    /// time either stream delivers text, so it must not call back into this object.
    func waitForStandardError(timeout: TimeInterval, until ready: ([String]) -> Bool) -> Bool {
        waitUnderLock(timeout: timeout) { ready($0.error.complete) }
    }

    /// Waits on the readers' condition until `ready` holds; false when the deadline passes or
    /// the process ended and both streams were read without it holding.
    private func waitUnderLock(timeout: TimeInterval, until ready: (Shared) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        shared.condition.lock()
        defer { shared.condition.unlock() }
        while !ready(shared) {
            if shared.openStreams == 0 && shared.outcome != nil { return false }
            if !shared.condition.wait(until: deadline) { return ready(shared) }
        }
        return true
    }

    /// Waits for the process to end and its output to be read; nil when the deadline passes.
    func waitForExit(timeout: TimeInterval) -> Outcome? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        shared.condition.lock()
        defer { shared.condition.unlock() }
        while shared.outcome == nil || shared.openStreams > 0 {
            if !shared.condition.wait(until: deadline) { break }
        }
        return shared.openStreams == 0 ? shared.outcome : nil
    }

    /// Sends `signal` (SIGKILL unless told) if the process still runs.
    func kill(signal: Int32 = SIGKILL) {
        let running = shared.condition.withLock { shared.outcome == nil }
        if running { Foundation.kill(pid, signal) }
    }

    /// A summary for failure messages.
    var transcript: String {
        shared.condition.withLock {
            "$ \(command)\n[stdout]\n\(shared.output.complete.joined(separator: "\n"))\(shared.output.partial)\n[stderr]\n\(shared.error.text)"
        }
    }

    /// Reads `fd` on its own thread until EOF, handing decoded text to `sink` under the lock.
    private static func startReader(fd: Int32, _ shared: Shared, _ sink: @escaping @Sendable (Shared, String) -> Void) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                shared.condition.lock()
                if n <= 0 { shared.openStreams -= 1 } else { sink(shared, String(decoding: buffer[0..<n], as: UTF8.self)) }
                shared.condition.broadcast()
                shared.condition.unlock()
                if n <= 0 { close(fd); return }
            }
        }.start()
    }
}
