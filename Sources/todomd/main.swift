Entry.main()
