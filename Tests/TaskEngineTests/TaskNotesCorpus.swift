import Foundation
@testable import TaskEngine

/// TaskNotes vaults as people have them, written from the plugin's settings
/// (`data.json`, its DEFAULT_SETTINGS keys) and how its FieldMapper and
/// TaskManager read frontmatter: a custom field mapping, custom statuses and
/// priorities, a tasks folder set with a trailing slash, values that are not
/// what their field holds, projects in both list styles, an alias key,
/// stale title keys beside titles in file names, daily notes with the Tasks
/// plugin's `- [ ] #task` lines, and other plugins' keys.
enum TaskNotesCorpus {
    static let settings = #"""
    {"tasksFolder": "Tasks/", "taskTag": "task", "taskIdentificationMethod": "tag", "excludedFolders": "Templates",
     "storeTitleInFilename": true, "defaultTaskStatus": "backlog", "defaultTaskPriority": "medium",
     "fieldMapping": {"title": "title", "status": "status", "priority": "priority", "due": "deadline", "scheduled": "scheduled",
       "contexts": "contexts", "projects": "projects", "timeEstimate": "timeEstimate", "completedDate": "completedDate",
       "dateCreated": "dateCreated", "dateModified": "dateModified", "recurrence": "recurrence", "archiveTag": "archived"},
     "customStatuses": [
       {"id": "backlog", "value": "backlog", "label": "Backlog", "color": "#888888", "isCompleted": false, "order": 0},
       {"id": "active", "value": "active", "label": "Active", "color": "#0066cc", "isCompleted": false, "order": 1},
       {"id": "done", "value": "done", "label": "Done", "color": "#00aa00", "isCompleted": true, "order": 2},
       {"id": "dropped", "value": "dropped", "label": "Dropped", "color": "#aa0000", "isCompleted": true, "order": 3}],
     "customPriorities": [
       {"id": "low", "value": "low", "label": "Low", "color": "#999999", "weight": 1},
       {"id": "medium", "value": "medium", "label": "Medium", "color": "#cc9900", "weight": 2},
       {"id": "urgent", "value": "urgent", "label": "Urgent", "color": "#cc0000", "weight": 3}]}
    """#

    /// Every file of the vault: path → text.
    static let files: [(path: String, text: String)] = [
        (".obsidian/plugins/tasknotes/data.json", settings),
        // A date field holding words, as a recurring reminder was once written by hand.
        ("Tasks/Renew passport.md", """
        ---
        status: active
        priority: low
        deadline: recurring-monthly
        dateCreated: 2026-10-01T09:00:00.000+02:00
        dateModified: 2026-10-01T09:00:00.000+02:00
        tags:
          - task
        ---
        Check the photo rules first.

        """),
        ("Tasks/Water plants.md", """
        ---
        status: backlog
        deadline: recurring-weekly
        scheduled: every other day
        dateCreated: 2026-10-02
        dateModified: 2026-10-02
        tags: [task, home]
        ---

        """),
        // A status written as a list, a priority as a list, projects in a flow list.
        ("Tasks/Pitch deck.md", """
        ---
        status: [active, done]
        priority: [urgent]
        projects: ["[[Frameloop]]", "[[pixel glitch creative studio]]"]
        contexts: ["@office"]
        timeEstimate: 120
        dateCreated: 2026-11-01T10:00:00.000+01:00
        dateModified: 2026-11-02T10:00:00.000+01:00
        tags: [task]
        cssclasses: [wide-page]
        aliases: [PD, deck]
        ---
        Owner:: Mira
        Effort:: 3

        """),
        // Projects in a block list, a completed date and a modified date that are not dates.
        ("Tasks/Storyboard.md", """
        ---
        status: done
        priority: medium
        projects:
          - "[[Frameloop]]"
          - "[[Website Redesign]]"
        completedDate: yes
        dateCreated: 2026-09-01
        dateModified: last week
        tags:
          - task
          - film
        ---

        """),
        // The project under the spec's alias `project` where the mapping says `projects`.
        ("Tasks/Landing page.md", """
        ---
        status: active
        project: "[[Website Redesign]]"
        dateCreated: 2026-11-05
        dateModified: 2026-11-05
        tags: [task]
        ---

        """),
        // A title key left beside the title in the file name.
        ("Tasks/Call the printer.md", """
        ---
        title: Call the printer
        status: backlog
        dateCreated: 2026-11-06
        dateModified: 2026-11-06
        tags: [task]
        ---

        """),
        // Templater leftovers: a creation date that was never filled in.
        ("Tasks/Draft newsletter.md", """
        ---
        status: backlog
        priority: medium
        dateCreated: <% tp.file.creation_date() %>
        dateModified: <% tp.file.last_modified_date() %>
        timeEstimate: soon
        tags: [task]
        ---
        <% tp.file.cursor() %>

        """),
        // A task outside the tasks folder is still a task (the tag decides, not the folder).
        ("Projects/Frameloop/Colour grade.md", """
        ---
        status: active
        priority: urgent
        deadline: 2026-12-04
        projects:
          - "[[Frameloop]]"
        tags: [task, film]
        ---

        """),
        // Not tasks: a daily note with the Tasks plugin's checklist lines, a meeting note in the
        // tasks folder without the task tag, a template in an excluded folder.
        ("Daily/2026-11-20.md", """
        ---
        tags: [daily]
        cssclasses: [daily]
        ---
        # Friday
        - [ ] #task Call Bob 📅 2026-11-21
        - [x] #task Send invoice ✅ 2026-11-20

        """),
        ("Tasks/Standup notes.md", """
        ---
        tags: [meeting]
        ---
        Talked about the #task backlog.

        """),
        ("Templates/Task.md", """
        ---
        status: backlog
        dateCreated: <% tp.date.now() %>
        tags: [task]
        ---

        """),
    ]

    /// The tasks the plugin lists: files whose frontmatter `tags` hold `task`, outside `Templates`.
    static let taskPaths: Set<String> = ["Tasks/Renew passport.md", "Tasks/Water plants.md", "Tasks/Pitch deck.md", "Tasks/Storyboard.md",
                                         "Tasks/Landing page.md", "Tasks/Call the printer.md", "Tasks/Draft newsletter.md",
                                         "Projects/Frameloop/Colour grade.md"]

    static func vault() -> TempDir {
        let dir = TempDir()
        for (path, text) in files { dir.write(path, text) }
        return dir
    }
}
