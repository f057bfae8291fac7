// cmark-gfm (Debian's libcmark-gfm-dev and libcmark-gfm-extensions-dev): the
// reference CommonMark parser with GitHub's extensions, for task notes.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
