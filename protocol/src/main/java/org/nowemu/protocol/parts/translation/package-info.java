/**
 * Address translation (COMPARISON.md §14, the survey's "translation" column): how the NIC learns the physical
 * addresses of the host memory it moves data to and from, as one part with four choices
 * ({@link org.nowemu.protocol.parts.translation.TranslationChoice}). The part keeps what each choice caches (the
 * library's page cache, the NIC's TLB or its UTLB cache) and answers each transfer with the steps it takes, in order
 * and by who runs them ({@link org.nowemu.protocol.parts.translation.Step}); the library or firmware that composes it
 * runs those steps through the emulated hardware. {@link org.nowemu.protocol.parts.translation.TranslationCosts}
 * prices a step alone, on an idle machine, at the profile's costs.
 */
package org.nowemu.protocol.parts.translation;
