import StrataWayland

extension TextInputBridge {
    /// The surrounding text of a `TextDocumentProxy`, with the parts it was made of.
    struct Context: Equatable {
        var before: Substring, selected: Substring, after: Substring
        /// The protocol's limit on the surrounding text, in UTF-8 bytes.
        static let limit = 4000

        /// `before`'s end and `after`'s start, with the selection between, cut at whole
        /// characters to `limit` bytes in all: the text before gets half the room the selection
        /// leaves, or more when the text after needs less; the text after gets the rest. nil
        /// when the selection alone is over the limit.
        init?(before b: String, selected sel: String, after a: String, limit: Int = Context.limit) {
            let room = limit - sel.utf8.count
            guard room >= 0 else { return nil }
            let beforeRoom = max(room / 2, room - a.utf8.count)
            before = Self.tail(of: b, within: beforeRoom)
            after = Self.head(of: a, within: room - before.utf8.count)
            selected = Substring(sel)
        }

        /// The end of `s` (whole characters) that fits in `bytes`.
        static func tail(of s: String, within bytes: Int) -> Substring {
            var i = s.endIndex, used = 0
            while i > s.startIndex {
                let j = s.index(before: i)
                used += s.utf8.distance(from: j, to: i)
                guard used <= bytes else { break }
                i = j
            }
            return s[i...]
        }

        /// The start of `s` (whole characters) that fits in `bytes`.
        static func head(of s: String, within bytes: Int) -> Substring {
            var i = s.startIndex, used = 0
            while i < s.endIndex {
                let j = s.index(after: i)
                used += s.utf8.distance(from: i, to: j)
                guard used <= bytes else { break }
                i = j
            }
            return s[..<i]
        }

        /// As the protocol's surrounding text: the cursor at the selection's end, the anchor at
        /// its start (UTF-8 offsets).
        var surroundingText: TextInputState.SurroundingText {
            let start = before.utf8.count
            return .init(text: String(before) + selected + after, cursor: start + selected.utf8.count, anchor: start)
        }

        /// The characters an input method's deletion of `bytesBefore` and `bytesAfter` UTF-8
        /// bytes around the cursor covers: every character of the sent text any of those bytes
        /// fall in (a request that splits one deletes it whole), none past the sent text.
        func characters(bytesBefore: Int, bytesAfter: Int) -> (before: Int, after: Int) {
            func count(_ s: Substring, _ bytes: Int, fromEnd: Bool) -> Int {
                var n = 0, used = 0
                for c in fromEnd ? Array(s.reversed()) : Array(s) {
                    guard used < bytes else { break }
                    used += c.utf8.count
                    n += 1
                }
                return n
            }
            return (count(before, max(0, bytesBefore), fromEnd: true), count(after, max(0, bytesAfter), fromEnd: false))
        }
    }
}
