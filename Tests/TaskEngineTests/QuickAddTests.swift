import XCTest
@testable import TaskEngine

/// The quick-add line, as a table of phrases and what each must give.
/// Today is Monday 2026-11-23 throughout.
final class QuickAddTests: XCTestCase {
    let monday = Day.parseISO("2026-11-23")!

    /// The fields a line set, in a fixed order: "title=…; due=…; tags=a,b; …".
    func render(_ q: QuickAdd) -> String {
        var out = ["title=\(q.title)"]
        if let d = q.due { out.append("due=\(d.raw)") }
        if let d = q.scheduled { out.append("sched=\(d.raw)") }
        if let d = q.defer_ { out.append("defer=\(d.raw)") }
        if !q.tags.isEmpty { out.append("tags=" + q.tags.joined(separator: ",")) }
        if let p = q.project { out.append("project=\(p)") }
        if let a = q.area { out.append("area=\(a)") }
        if let p = q.priority { out.append("priority=\(p.rawValue)") }
        if q.flagged { out.append("flagged") }
        if let m = q.estimatedMinutes { out.append("estimate=\(m)") }
        if let r = q.recurrence { out.append("rrule=\(r)") }
        return out.joined(separator: "; ")
    }

    func check(_ table: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (input, expected) in table {
            XCTAssertEqual(render(QuickAdd.parse(input, today: monday)), expected, "for: \(input)", file: file, line: line)
        }
    }

    func testTheIssuesExampleAndEveryKindOfToken() {
        check([
            ("Call Anna tomorrow 3pm #phone !high +Clients", "title=Call Anna; due=2026-11-24T15:00; tags=phone; project=Clients; priority=high"),
            ("Plan #work/q4 #home", "title=Plan; tags=work/q4,home"),
            ("Write +\"Q4 Report\" draft", "title=Write draft; project=Q4 Report"),
            ("Desk @\"Home Office\" tidy", "title=Desk tidy; area=Home Office"),
            ("Budget @Work/Finance", "title=Budget; area=Work/Finance"),
            ("Fix it !", "title=Fix it; priority=low"),
            ("Fix it !!", "title=Fix it; priority=medium"),
            ("Fix it !!!", "title=Fix it; priority=high"),
            ("Fix it !high", "title=Fix it; priority=high"),
            ("Fix it !HIGH", "title=Fix it; priority=high"),
            ("Fix it !med", "title=Fix it; priority=medium"),
            ("Fix it !low", "title=Fix it; priority=low"),
            ("Fix it !none", "title=Fix it; priority=none"),
            ("Fix it *", "title=Fix it; flagged"),
            ("Fix it !flag", "title=Fix it; flagged"),
            ("Read ~15m", "title=Read; estimate=15"),
            ("Read ~1h30m", "title=Read; estimate=90"),
            ("Read ~2h", "title=Read; estimate=120"),
            ("Read ~1h15", "title=Read; estimate=75"),
            ("Read ~90min", "title=Read; estimate=90"),
            ("Standup every day", "title=Standup; sched=2026-11-23; rrule=FREQ=DAILY"),
            ("Gym every 2 weeks on mon,thu", "title=Gym; sched=2026-11-23; rrule=FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
            ("Rent every month on the 1st", "title=Rent; sched=2026-12-01; rrule=FREQ=MONTHLY;BYMONTHDAY=1"),
            ("Stretch weekdays", "title=Stretch; sched=2026-11-23; rrule=FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("Review sched fri", "title=Review; sched=2026-11-27"),
            ("Taxes defer 1 Dec", "title=Taxes; defer=2026-12-01"),
            ("Taxes due 2026-12-15 defer 1 Dec sched next week", "title=Taxes; due=2026-12-15; sched=2026-11-30; defer=2026-12-01"),
            ("Everything tomorrow 9am #a !! * +P @A ~30m", "title=Everything; due=2026-11-24T09:00; tags=a; project=P; area=A; priority=medium; flagged; estimate=30"),
        ])
    }

    func testAtAssignsWhereTheVaultHasNoAreas() {
        let today = Day.parseISO("2026-11-23")!
        let q = QuickAdd.parse("Call the bank @carol @Dave @carol +Money", today: today, atAssigns: true)
        XCTAssertEqual(q.title, "Call the bank")
        XCTAssertEqual(q.assignees, ["@carol", "@Dave"], "each once")
        XCTAssertNil(q.area)
        XCTAssertEqual(q.project, "Money")
        XCTAssertEqual(q.tokens.filter { $0.part == .assignee }.count, 3)
        XCTAssertEqual(q.task().assignees, ["@carol", "@Dave"])
        XCTAssertTrue(q.summary(today: today).hasSuffix("+Money · @carol @Dave"), q.summary(today: today))
        let plain = QuickAdd.parse("Call the bank @carol @dave", today: today)
        XCTAssertEqual(plain.area, "carol", "elsewhere @ names the area, once")
        XCTAssertEqual(plain.assignees, [])
        XCTAssertEqual(plain.title, "Call the bank @dave")
    }

    func testDaysInWords() {
        let days: [(String, String)] = [
            ("today", "2026-11-23"), ("tomorrow", "2026-11-24"), ("tmrw", "2026-11-24"), ("tmr", "2026-11-24"), ("Tomorrow", "2026-11-24"),
            ("mon", "2026-11-23"), ("monday", "2026-11-23"), ("tue", "2026-11-24"), ("tues", "2026-11-24"), ("wed", "2026-11-25"),
            ("wednesday", "2026-11-25"), ("thu", "2026-11-26"), ("thurs", "2026-11-26"), ("fri", "2026-11-27"), ("Friday", "2026-11-27"),
            ("sat", "2026-11-28"), ("sun", "2026-11-29"), ("sunday", "2026-11-29"),
            ("this fri", "2026-11-27"), ("this weekend", "2026-11-28"), ("weekend", "2026-11-28"),
            ("next week", "2026-11-30"), ("next month", "2026-12-01"), ("next year", "2027-01-01"), ("next mon", "2026-11-30"),
            ("next fri", "2026-12-04"), ("next sunday", "2026-12-06"), ("next weekend", "2026-12-05"),
            ("in 3 days", "2026-11-26"), ("in 1 day", "2026-11-24"), ("in a week", "2026-11-30"), ("in 2 weeks", "2026-12-07"),
            ("in one month", "2026-12-23"), ("in 2 months", "2027-01-23"), ("in a year", "2027-11-23"), ("in 3d", "2026-11-26"),
            ("in 2w", "2026-12-07"), ("+3d", "2026-11-26"), ("+1w", "2026-11-30"), ("+1m", "2026-12-23"), ("+1y", "2027-11-23"),
            ("+0d", "2026-11-23"), ("25 Nov", "2026-11-25"), ("Nov 25", "2026-11-25"), ("25th november", "2026-11-25"),
            ("november 25th", "2026-11-25"), ("1 Dec", "2026-12-01"), ("dec 1st", "2026-12-01"), ("20 Nov", "2027-11-20"),
            ("Jan 5", "2027-01-05"), ("29 Feb", "2028-02-29"), ("25 Nov 2027", "2027-11-25"), ("Nov 25 2027", "2027-11-25"),
            ("23 nov", "2026-11-23"), ("31 dec", "2026-12-31"), ("sept 3", "2027-09-03"), ("2026-12-31", "2026-12-31"),
            ("2027-02-28", "2027-02-28"),
        ]
        let times: [(String, String)] = [
            ("", ""), ("3pm", "T15:00"), ("at 3pm", "T15:00"), ("3:30pm", "T15:30"), ("15:30", "T15:30"), ("at 9am", "T09:00"),
            ("noon", "T12:00"), ("3 pm", "T15:00"), ("12am", "T00:00"), ("12pm", "T12:00"), ("at 07:05", "T07:05"), ("midnight", "T00:00"),
        ]
        let keywords: [(String, String)] = [("", "due"), ("due ", "due"), ("by ", "due"), ("sched ", "sched"), ("scheduled for ", "sched"),
                                             ("defer ", "defer"), ("defer until ", "defer"), ("due on ", "due")]
        var table: [(String, String)] = []
        for (phrase, iso) in days {
            for (time, suffix) in times {
                for (keyword, field) in keywords {
                    let line = "Pay rent \(keyword)\(phrase)\(time.isEmpty ? "" : " " + time)"
                    table.append((line, "title=Pay rent; \(field)=\(iso)\(suffix)"))
                }
            }
        }
        XCTAssertGreaterThan(table.count, 5_000)
        check(table)
        // A date in the middle of the title leaves the words on both sides.
        check([("Call tomorrow about the car", "title=Call about the car; due=2026-11-24"),
               ("tomorrow: call Anna", "title=call Anna; due=2026-11-24"),
               ("Call Anna tomorrow, then email", "title=Call Anna then email; due=2026-11-24")])
    }

    func testATimeAloneIsToday() {
        check([
            ("Call 3pm", "title=Call; due=2026-11-23T15:00"),
            ("Call at 15:30", "title=Call; due=2026-11-23T15:30"),
            ("Call sched 9am", "title=Call; sched=2026-11-23T09:00"),
            ("Meeting 10:00 room 4", "title=Meeting room 4; due=2026-11-23T10:00"),
        ])
    }

    func testRepeats() {
        let rules: [(String, String, String)] = [
            ("every day", "FREQ=DAILY", "2026-11-23"), ("every 3 days", "FREQ=DAILY;INTERVAL=3", "2026-11-23"),
            ("every week", "FREQ=WEEKLY", "2026-11-23"), ("every other week", "FREQ=WEEKLY;INTERVAL=2", "2026-11-23"),
            ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", "2026-11-23"), ("every month", "FREQ=MONTHLY", "2026-11-23"),
            ("every year", "FREQ=YEARLY", "2026-11-23"), ("every mon", "FREQ=WEEKLY;BYDAY=MO", "2026-11-23"),
            ("every friday", "FREQ=WEEKLY;BYDAY=FR", "2026-11-27"), ("every tue, thu", "FREQ=WEEKLY;BYDAY=TU,TH", "2026-11-24"),
            ("every mon and wed", "FREQ=WEEKLY;BYDAY=MO,WE", "2026-11-23"),
            ("every 2 weeks on mon,thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-11-23"),
            ("every week on fri", "FREQ=WEEKLY;BYDAY=FR", "2026-11-27"), ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-11-23"),
            ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-11-23"), ("every weekend", "FREQ=WEEKLY;BYDAY=SA,SU", "2026-11-28"),
            ("weekends", "FREQ=WEEKLY;BYDAY=SA,SU", "2026-11-28"),
            ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01"),
            ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15", "2026-12-15"),
            ("every month on the 23rd", "FREQ=MONTHLY;BYMONTHDAY=23", "2026-11-23"),
            ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1", "2026-11-30"),
            ("every month on the last fri", "FREQ=MONTHLY;BYDAY=-1FR", "2026-11-27"),
            ("every month on the first mon", "FREQ=MONTHLY;BYDAY=1MO", "2026-12-07"),
            ("every 3 months on the 2nd tue", "FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU", "2027-02-09"),
        ]
        var table: [(String, String)] = []
        for (phrase, rule, first) in rules {
            table.append(("Water plants \(phrase)", "title=Water plants; sched=\(first); rrule=\(rule)"))
            // With a date of its own, the date is kept and nothing is added.
            table.append(("Water plants \(phrase) due fri", "title=Water plants; due=2026-11-27; rrule=\(rule)"))
            table.append(("Water plants sched 1 Dec \(phrase)", "title=Water plants; sched=2026-12-01; rrule=\(rule)"))
        }
        check(table)
        // Every rule written is one the engine reads.
        for (_, rule, _) in rules { XCTAssertNoThrow(try RecurrenceRule(parsing: rule)) }
        // Half a phrase, as typed into the form's Recurrence field, is an error, not a crash.
        for half in ["every other", "every", "every 2", "every other week on"] { XCTAssertThrowsError(try RecurrenceRule(parsing: half), half) }
    }

    /// Lines that must come back exactly as typed, with nothing recognised.
    func testWordsThatStayInTheTitle() {
        let literal = [
            "Fix bug #123", "Learn C++", "Email anna@example.com", "Read chapter 3", "Buy 2 apples", "Hello!", "Wow, really?",
            "Use a ~ here", "Call ~5 people", "Pay dues", "Check due diligence", "Stand by me", "Read every page",
            "Every little thing", "The next big thing", "Plan next steps", "Tea at the Ritz", "Room 12", "Set 3:75 timer",
            "Call Tom", "Book 25 seats", "Nov report", "Question the status quo", "Due process", "#", "+", "@", "~",
            "Run # tests", "Rename +1 file", "Price +10%", "Weekly review", "Daily notes", "Monthly report",
            "Go in 5 boxes", "in a moment", "next", "this", "every", "due", "by", "sched", "defer", "at", "#/a", "#a/",
            "+\"unclosed", "@\"\"", "Say \"hi\"", "Version 2.0", "Meet at the cafe", "Ask about 2026-13-45",
            "Deadline 31 Feb", "Order #42", "1/2 cup", "Call 555-1234", "page 10-12", "~abc", "!urgent",
            "C# basics", "x + y", "a @ b", "Ping @ 3", "Swap every other", "every other", "every 2",
        ]
        for line in literal {
            let q = QuickAdd.parse(line, today: monday)
            XCTAssertEqual(q.title, line, "for: \(line)")
            XCTAssertTrue(q.isPlain, "for: \(line): \(render(q))")
            XCTAssertTrue(q.tokens.isEmpty, "for: \(line)")
        }
    }

    /// Words that look like prose but are the syntax (the live preview shows it; `\` keeps them).
    func testShortTokensAreReadEvenInProse() {
        check([
            ("Sort out 5 * 3", "title=Sort out 5 3; flagged"),
            ("Sort out 5 \\* 3", "title=Sort out 5 * 3"),
            ("A !! important", "title=A important; priority=medium"),
            ("Chapter 12am", "title=Chapter; due=2026-11-23T00:00"),
            ("every month on the", "title=on the; sched=2026-11-23; rrule=FREQ=MONTHLY"),
        ])
    }

    func testWaysToKeepAWordLiteral() {
        check([
            ("Watch \\sunrise tomorrow", "title=Watch sunrise; due=2026-11-24"),
            ("Meet \\Sun tomorrow", "title=Meet Sun; due=2026-11-24"),
            ("Read \\#hashtags", "title=Read #hashtags"),
            ("Read \"The Day After Tomorrow\"", "title=Read \"The Day After Tomorrow\""),
            ("Plan \"next week\" agenda fri", "title=Plan \"next week\" agenda; due=2026-11-27"),
            ("\\today is fine", "title=today is fine"),
            ("Be \\!!! loud", "title=Be !!! loud"),
            ("\\+Project stays", "title=+Project stays"),
        ])
    }

    /// The first of a single-valued field wins; a later one stays in the title as typed.
    func testOnlyTheFirstOfAFieldIsTaken() {
        check([
            ("Move meeting from mon to fri", "title=Move meeting from to fri; due=2026-11-23"),
            ("Pick !high then !low", "title=Pick then !low; priority=high"),
            ("Two +A +B", "title=Two +B; project=A"),
            ("Two @A @B", "title=Two @B; area=A"),
            ("Twice ~10m ~20m", "title=Twice ~20m; estimate=10"),
            ("Tags #a #b #a", "title=Tags; tags=a,b"),
            ("Both every day and every week", "title=Both and every week; sched=2026-11-23; rrule=FREQ=DAILY"),
        ])
    }

    func testTheTokensCoverWhatWasRecognised() {
        let line = "Call Anna tomorrow 3pm #phone !high +Clients"
        let q = QuickAdd.parse(line, today: monday)
        let chars = Array(line)
        let spans = q.tokens.map { (String(chars[$0.range]), $0.part) }
        XCTAssertEqual(spans.map(\.0), ["tomorrow 3pm", "#phone", "!high", "+Clients"])
        XCTAssertEqual(spans.map(\.1), [.due, .tag, .priority, .project])
        XCTAssertEqual(q.summary(today: monday), "Call Anna · due Tue 24 Nov 15:00 · #phone · high · +Clients")
        let wide = QuickAdd.parse("東京 ホテル fri #旅行", today: monday)
        XCTAssertEqual(wide.title, "東京 ホテル")
        XCTAssertEqual(wide.tags, ["旅行"])
        XCTAssertEqual(wide.tokens.map { String(Array("東京 ホテル fri #旅行")[$0.range]) }, ["fri", "#旅行"])
    }

    /// Any title words with any tokens mixed in: the title is the words, in order.
    func testRandomMixesKeepTheTitleWords() {
        var rng = SeededRandom(seed: 7)
        let titleWords = ["Call", "Anna", "about", "the", "Q4", "numbers", "東京", "café", "x", "report"]
        let tokens: [(String, String)] = [("#phone", "tags=phone"), ("+Clients", "project=Clients"), ("@Work", "area=Work"),
                                          ("!high", "priority=high"), ("*", "flagged"), ("~45m", "estimate=45"), ("tomorrow", "due=2026-11-24")]
        for _ in 0..<500 {
            var words = (0..<Int(rng.next() % 5 + 1)).map { _ in titleWords[Int(rng.next() % UInt64(titleWords.count))] }
            let title = words.joined(separator: " ")
            let chosen = tokens.filter { _ in rng.next() % 2 == 0 }
            for (t, _) in chosen { words.insert(t, at: Int(rng.next() % UInt64(words.count + 1))) }
            let q = QuickAdd.parse(words.joined(separator: " "), today: monday)
            XCTAssertEqual(q.title, title)
            let expected = ["tags=phone", "project=Clients", "area=Work", "priority=high", "flagged", "estimate=45", "due=2026-11-24"]
                .filter { e in chosen.contains { $0.1 == e } }
            XCTAssertEqual(Set(render(q).split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }), Set(expected))
        }
    }

    func testAProjectOrAreaTypedAsItsStartCompletesWhenOnlyOneFits() {
        let projects = ["Clients", "Client Onboarding", "Q4 Report", "Home"]
        let cases: [(String, String)] = [
            ("+q4", "Q4 Report"), ("+ho", "Home"), ("+HOME", "Home"), ("+clients", "Clients"), ("+client", "client"),
            ("+cl", "cl"), ("+New", "New"), ("+\"Q4 R\"", "Q4 Report"),
        ]
        for (token, expected) in cases {
            XCTAssertEqual(QuickAdd.parse("Do \(token)", today: monday).resolving(projects: projects, areas: []).project, expected, token)
        }
        XCTAssertEqual(QuickAdd.parse("Do @wo", today: monday).resolving(projects: [], areas: ["Work", "Work/Clients"]).area, "wo",
                       "two areas start with it: kept as typed")
        XCTAssertEqual(QuickAdd.parse("Do @wo", today: monday).resolving(projects: [], areas: ["Work", "Home"]).area, "Work")
    }

    func testThePerspectivesSimpleContext() {
        func rules(_ json: String) -> RuleGroup { RuleGroup(json: try! JSONText.parse(Data(json.utf8))) }
        let cases: [(String, String)] = [
            (#"{"operator":"AND","conditions":[{"field":"project","op":"equals","value":"Home"}]}"#, "project=Home"),
            (#"{"operator":"AND","conditions":[{"field":"area","op":"within","value":"Work"}]}"#, "area=Work"),
            (#"{"operator":"AND","conditions":[{"field":"area","op":"in","value":["Work"]}]}"#, "area=Work"),
            (#"{"operator":"AND","conditions":[{"field":"area","op":"in","value":["Work","Home"]}]}"#, ""),
            (#"{"operator":"AND","conditions":[{"field":"tags","op":"contains","value":"phone"}]}"#, "tags=phone"),
            (#"{"operator":"AND","conditions":[{"field":"tags","op":"contains_all","value":["a","b"]}]}"#, "tags=a,b"),
            (#"{"operator":"AND","conditions":[{"field":"tags","op":"contains_any","value":["a","b"]}]}"#, "tags=a"),
            (#"{"operator":"AND","conditions":[{"field":"flagged","op":"equals","value":true}]}"#, "flagged"),
            (#"{"operator":"AND","conditions":[{"field":"flagged","op":"equals","value":false}]}"#, ""),
            (#"{"operator":"AND","conditions":[{"field":"project","op":"not_equals","value":"Home"}]}"#, ""),
            (#"{"operator":"AND","conditions":[{"field":"project","op":"equals","value":"Home","enabled":false}]}"#, ""),
            (#"{"operator":"OR","conditions":[{"field":"project","op":"equals","value":"Home"}]}"#, ""),
            (#"{"operator":"NOT","conditions":[{"field":"project","op":"equals","value":"Home"}]}"#, ""),
            (#"{"operator":"AND","conditions":[{"operator":"AND","conditions":[{"field":"project","op":"equals","value":"Deep"}]},{"field":"flagged","op":"equals","value":true}]}"#,
             "project=Deep; flagged"),
            (#"{"operator":"AND","conditions":[{"operator":"OR","conditions":[{"field":"project","op":"equals","value":"A"}]}]}"#, ""),
            (#"{"operator":"AND","conditions":[{"field":"due","op":"on","value":"today"}]}"#, ""),
        ]
        for (json, expected) in cases {
            let context = PerspectiveContext.of(rules(json))
            XCTAssertEqual(render(context), "title=" + (expected.isEmpty ? "" : "; " + expected), json)
        }
        // The line's own words win; tags add up.
        let context = PerspectiveContext.of(rules(#"{"operator":"AND","conditions":[{"field":"project","op":"equals","value":"Home"},{"field":"tags","op":"contains","value":"a"}]}"#))
        XCTAssertEqual(render(QuickAdd.parse("Fix +Work #b", today: monday).taking(context)), "title=Fix; tags=b,a; project=Work")
        XCTAssertEqual(render(QuickAdd.parse("Fix", today: monday).taking(context)), "title=Fix; tags=a; project=Home")
    }
}
