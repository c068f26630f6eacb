/**
 * The VN transport firmware of AM-II and GAM on the LANai: the dispatch loop composing {@code am.parts} and its receive
 * chain. Used by {@code AmSystem}.
 */
package org.nowemu.protocol.am.vn;
