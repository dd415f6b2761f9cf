import Foundation
import AVFoundation

/// Seconds of audio kept ahead of the play head.
let bufferAhead = 5.0
var activePlayers = 0

typealias Completion = (Result<Void, Error>) -> Void

/// Anything that can be played.
protocol Playable {
    associatedtype Item: Codable
    var duration: TimeInterval { get }
    func play(completion: @escaping Completion)
}

enum PlaybackState: String {
    case idle
    case playing, paused
}

struct Track: Codable {
    let title: String
    var rating: Int = 0
}

/// Plays tracks in order.
@objc
@MainActor
public final class Player: NSObject, Playable {
    public private(set) var state: PlaybackState = .idle
    private var queue: [Track] = []
    nonisolated(unsafe) static var instances = 0

    public var duration: TimeInterval {
        queue.count > 0 ? 1 : 0
    }

    public init(queue: [Track]) {
        self.queue = queue
        super.init()
    }

    deinit {
        activePlayers -= 1
    }

    @discardableResult
    public func play(completion: @escaping Completion) {
        state = .playing
    }

    static func shared() -> Player {
        Player(queue: [])
    }

    subscript(index: Int) -> Track {
        queue[index]
    }
}

extension Track: CustomStringConvertible {
    var description: String { title }
}

/// Logs each call (expanded by a compiler plugin).
@attached(peer)
public macro Logged() = #externalMacro(module: "PlayerMacros", type: "LoggedMacro")

func formatDuration(_ seconds: TimeInterval) -> String {
    String(format: "%.0f", seconds)
}
