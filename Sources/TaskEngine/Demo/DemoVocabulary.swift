/// The words the demo vault is made of: areas with nested projects, titles
/// (some with accents, CJK and emoji), tags, sources and note lines.
enum DemoVocabulary {
    /// Area → projects. `/` nests areas (`Work/Clients`).
    static let areas: [(area: String, projects: [String])] = [
        ("Work", ["Q4 Report", "Website Redesign", "Hiring", "Onboarding"]),
        ("Work/Clients", ["Acme Rollout", "Globex Audit"]),
        ("Home", ["Renovation", "Garden"]),
        ("Personal", ["Fitness", "Reading List", "Japan Trip"]),
        ("Finance", ["Taxes 2026"]),
        ("Side Projects", ["todomd", "Café Blog"]),
    ]

    static let verbs = ["Draft", "Review", "Call", "Email", "Plan", "Book", "Fix", "Write", "Order", "Update",
                        "Prepare", "Check", "Pay", "Schedule", "Clean", "Research", "Sketch", "Send", "Read", "Organize"]
    static let objects = ["the summary", "budget sheet", "the plumber", "flights to Osaka", "quarterly goals",
                          "the landing page", "interview notes", "team offsite", "tax receipts", "garden beds",
                          "the résumé of Zoë", "invoice #42", "dentist appointment", "release notes", "the façade quote",
                          "slides for Monday", "insurance renewal", "library books", "the bike", "onboarding checklist"]
    static let specialTitles = ["買い物リストを作る", "整理会议记录", "회의 준비하기", "Buy coffee ☕️", "Celebrate launch 🎉",
                                "Crème brûlée for Renée", "Naïve Bayes experiment", "Ship v2 🚀", "東京のホテルを予約", "Señal de tráfico"]
    static let tags = ["phone", "email", "errand", "deep", "writing", "waiting-for", "quick", "computer", "meeting", "reading"]
    static let sources = ["email", "slack", "meeting", "phone", "web"]
    static let recurrences = ["FREQ=DAILY", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO", "FREQ=MONTHLY", "FREQ=YEARLY"]
    static let noteLines = ["Check the shared drive first.", "Ask Sam about the numbers.", "- [ ] first step\n- [ ] second step",
                            "See the thread from last week.", "Keep it under one page.", "Links: https://example.com/notes",
                            "Remember: **no** meetings on Friday.", "Notes — à revoir demain.", "Budget: 1 200 €"]
}
