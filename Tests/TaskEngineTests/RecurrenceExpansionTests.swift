import XCTest
@testable import TaskEngine

/// RRULE expansion against RFC 5545's own examples (§3.8.5.3), written out
/// by hand from the RFC's text, plus rules a task list meets every day.
final class RecurrenceExpansionTests: XCTestCase {
    /// (DTSTART, rule, the first occurrences). Dates are written compactly as
    /// in the RFC. (The RFC's events start at 09:00, so its `UNTIL=…T000000Z`
    /// ends the day before; for whole-day tasks that day is written as UNTIL.)
    static let table: [(String, String, [String])] = [
        ("19970902", "FREQ=DAILY;COUNT=10", ["19970902", "19970903", "19970904", "19970905", "19970906", "19970907", "19970908", "19970909", "19970910", "19970911"]),
        ("19970902", "FREQ=DAILY;UNTIL=19970907T000000Z", ["19970902", "19970903", "19970904", "19970905", "19970906", "19970907"]),
        ("19970902", "FREQ=DAILY;INTERVAL=2", ["19970902", "19970904", "19970906", "19970908"]),
        ("19970902", "FREQ=DAILY;INTERVAL=10;COUNT=5", ["19970902", "19970912", "19970922", "19971002", "19971012"]),
        ("19970902", "FREQ=WEEKLY;COUNT=10", ["19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014", "19971021", "19971028", "19971104"]),
        ("19970902", "FREQ=WEEKLY;UNTIL=19971006;WKST=SU;BYDAY=TU,TH",
         ["19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923", "19970925", "19970930", "19971002"]),
        ("19970901", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971223;WKST=SU;BYDAY=MO,WE,FR",
         ["19970901", "19970903", "19970905", "19970915", "19970917", "19970919", "19970929", "19971001", "19971003", "19971013", "19971015",
          "19971017", "19971027", "19971029", "19971031", "19971110", "19971112", "19971114", "19971124", "19971126", "19971128", "19971208",
          "19971210", "19971212", "19971222"]),
        ("19970902", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", ["19970902", "19970904", "19970916", "19970918", "19970930", "19971002", "19971014", "19971016"]),
        ("19970905", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", ["19970905", "19971003", "19971107", "19971205", "19980102", "19980206", "19980306", "19980403", "19980501", "19980605"]),
        ("19970907", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", ["19970907", "19970928", "19971102", "19971130", "19980104", "19980125", "19980301", "19980329", "19980503", "19980531"]),
        ("19970922", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", ["19970922", "19971020", "19971117", "19971222", "19980119", "19980216"]),
        ("19970928", "FREQ=MONTHLY;BYMONTHDAY=-3", ["19970928", "19971029", "19971128", "19971229", "19980129", "19980226"]),
        ("19970902", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", ["19970902", "19970915", "19971002", "19971015", "19971102", "19971115", "19971202", "19971215", "19980102", "19980115"]),
        ("19970930", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", ["19970930", "19971001", "19971031", "19971101", "19971130", "19971201", "19971231", "19980101", "19980131", "19980201"]),
        ("19970910", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
         ["19970910", "19970911", "19970912", "19970913", "19970914", "19970915", "19990310", "19990311", "19990312", "19990313"]),
        ("19970610", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", ["19970610", "19970710", "19980610", "19980710", "19990610", "19990710", "20000610", "20000710", "20010610", "20010710"]),
        ("19970519", "FREQ=YEARLY;BYDAY=20MO", ["19970519", "19980518", "19990517"]),
        ("19970313", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", ["19970313", "19970320", "19970327", "19980305", "19980312", "19980319", "19980326", "19990304", "19990311", "19990318", "19990325"]),
        ("19970902", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", ["19980213", "19980313", "19981113", "19990813", "20001013"]),
        ("19970913", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", ["19970913", "19971011", "19971108", "19971213", "19980110", "19980207", "19980307", "19980411", "19980509", "19980613"]),
        ("19970904", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", ["19970904", "19971007", "19971106"]),
        ("19970929", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", ["19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330"]),
        ("19961105", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", ["19961105", "20001107", "20041102"]),
        ("20070115", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", ["20070115", "20070130", "20070215", "20070315", "20070330"]),
        ("20070131", "FREQ=MONTHLY;INTERVAL=1;COUNT=5", ["20070131", "20070331", "20070531", "20070731", "20070831"]),
        ("19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", ["19970805", "19970810", "19970819", "19970824"]),
        ("19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", ["19970805", "19970817", "19970819", "19970831"]),
        ("19970610", "FREQ=YEARLY;COUNT=3", ["19970610", "19980610", "19990610"]),
        ("20000229", "FREQ=YEARLY;COUNT=3", ["20000229", "20040229", "20080229"]),
        // A task list's everyday rules.
        ("20261101", "FREQ=MONTHLY;BYDAY=-1FR", ["20261127", "20261225", "20270129", "20270226"]),
        ("20261123", "FREQ=WEEKLY;BYDAY=MO,TH", ["20261123", "20261126", "20261130", "20261203"]),
        ("20261123", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", ["20261123", "20261124", "20261125", "20261126", "20261127", "20261130"]),
        ("20261231", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", ["20261231", "20270131", "20270228"]),
    ]

    func day(_ s: String) -> Day { RecurrenceRule.compactDay(s)! }

    func testTheRFCExamplesAndEverydayRules() throws {
        for (start, text, expected) in Self.table {
            let rule = try RecurrenceRule(parsing: text)
            let got = Array(RecurrenceExpansion.days(rule, start: day(start)).prefix(expected.count + (rule.count == nil && rule.until == nil ? 0 : 1)))
            XCTAssertEqual(got.map { RecurrenceRule.compact($0) }, expected, "\(start) \(text)")
        }
    }

    func testARuleThatNeverMatchesEnds() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
        XCTAssertEqual(Array(RecurrenceExpansion.days(rule, start: day("20260101"))), [])
    }

    func testNextSkipsExcludedDaysAndStopsAtTheEnd() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")
        let start = day("20261123")
        XCTAssertEqual(RecurrenceExpansion.next(rule, start: start, after: start, excluding: [day("20261124")]), day("20261125"))
        XCTAssertNil(RecurrenceExpansion.next(rule, start: start, after: day("20261125")))
    }

    func testPlainWordsAndFormsOfTheRule() throws {
        let words: [(String, String)] = [
            ("daily", "FREQ=DAILY"), ("Weekly", "FREQ=WEEKLY"), ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"), ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
            ("every month", "FREQ=MONTHLY"), ("yearly", "FREQ=YEARLY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("every monday", "FREQ=WEEKLY;BYDAY=MO"), ("every mon, thu", "FREQ=WEEKLY;BYDAY=MO,TH"), ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
            ("every 2 weeks on tue and fri", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR"), ("biweekly", "FREQ=WEEKLY;INTERVAL=2"),
        ]
        for (text, rrule) in words {
            XCTAssertEqual(try RecurrenceRule(parsing: text), try RecurrenceRule(parsing: rrule), text)
        }
        let multi = try RecurrenceRule(parsing: "DTSTART:20261123T090000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(multi.dtstart, day("20261123"))
        XCTAssertEqual(multi.text, "DTSTART:20261123T090000Z;FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(try RecurrenceRule(parsing: "FREQ=WEEKLY;byday=mo").withStart(day("20261130")).text, "DTSTART:20261130;FREQ=WEEKLY;byday=mo",
                       "the rule's own parts are kept as written")
    }

    func testInvalidRulesSayWhy() {
        for bad in ["FREQ=HOURLY", "INTERVAL=2", "FREQ=DAILY;INTERVAL=0", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;BYDAY=1MO",
                    "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=DAILY;COUNT=2;UNTIL=20260101", "FREQ=YEARLY;BYYEARDAY=1", "DTSTART:2026;FREQ=DAILY",
                    "every blue moon", "FREQ"] {
            XCTAssertThrowsError(try RecurrenceRule(parsing: bad), bad)
        }
    }
}
