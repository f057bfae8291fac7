// mimalloc (Debian's libmimalloc-dev): linked, it takes the place of glibc's
// malloc for the whole process; included for its options and `mi_collect`.
#include <mimalloc.h>
