#include <fribidi.h>

/* Paragraph directions: the FRIBIDI_PAR_* macros are expressions Swift does not import. */
static const FriBidiParType strata_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType strata_fribidi_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiParType strata_fribidi_par_on = FRIBIDI_PAR_ON;
