import Foundation
import TaskEngine

/// The timer key's effect, and the clock the state asks for (`AppState.wakeAt`).
extension AppRuntime {
    /// Sends the clock when the state asked to wake by now; true when it did (the screen is drawn
    /// again). The terminal loop calls it on each wake; a test, after moving its clock on.
    @discardableResult
    public func tick() -> Bool {
        guard let due = state.wakeAt else { return false }
        let seconds = Int64(now().timeIntervalSince1970.rounded(.down))
        guard seconds >= due else { return false }
        dispatch(.clock(seconds))
        return true
    }

    /// Seconds until the state's next wake (nil: none asked), for the terminal loop's wait.
    public func secondsUntilWake() -> TimeInterval? {
        state.wakeAt.map { max(0, TimeInterval($0) - now().timeIntervalSince1970) }
    }

    /// Starts or stops `t`'s timer on the files as they are (every other running one stops first),
    /// as one undo step: undo puts every file it changed back.
    func toggleTimer(_ t: TaskItem, running: [String], stops: Bool) -> [Action] {
        let at = now()
        let label = "\(stops ? "stop" : "start") of the timer on '\(t.title)'"
        do {
            var written: [String] = []
            var failure: Error?
            let outcome = try TimerSwitch.toggle(t.id, writer: writer, running: running, ledger: timerLedger, now: at) { paths, write in
                written = paths
                // A write that fails after others were made (a file changed by another program meanwhile)
                // still records those: undo puts them back too.
                return history.record(label, paths: paths) {
                    do { return (try write(), []) } catch {
                        failure = error
                        return (TimerSwitch.Outcome(), [])
                    }
                }
            }
            if signature != nil { for path in written { seenSignature?.note(path: path, root: writer.root) } }
            if let failure {
                return reread(written) + [.effect(.failed("Timer not changed: \(failure)" + keymap.clause(" (", "undo", "puts back what was written", ")")))]
            }
            return [.effect(.timerSwitched(outcome, at: Int64(at.timeIntervalSince1970.rounded(.down))))]
        } catch let refused as TimerSwitch.Refused {
            return [.effect(.failed("Timer not changed: \(refused.description)"))]
        } catch VaultError.changedOnDisk(let id) {
            return reread([writer.path(of: id)]) + [.effect(.failed("\(id) changed on disk meanwhile; the timer was not changed (reloaded: look again)."))]
        } catch {
            return [.effect(.failed("Timer not changed: \(error)"))]
        }
    }
}
