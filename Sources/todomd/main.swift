// mimalloc is linked by this import (its module map's `link`): it takes the
// place of glibc's malloc for the whole process (see Package.swift).
import CMimalloc

Entry.main()
