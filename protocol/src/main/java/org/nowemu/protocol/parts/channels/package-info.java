/**
 * The receive table of sequence channels, one per sender. Used by AM-II's channels and the shared reliability part
 * (alternating bit).
 */
package org.nowemu.protocol.parts.channels;
