// libyaml's event-level parser (Debian's libyaml-dev), for reading task
// frontmatter without building a document tree per file.
#include <yaml.h>
