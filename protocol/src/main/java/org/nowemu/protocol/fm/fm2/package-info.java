/**
 * FM 2.x: messages as streams ({@code FM_begin_message}, {@code FM_send_piece}, {@code FM_end_message}), handlers
 * that start on a message's first packet and read it with {@code FM_receive}, and {@code FM_extract(maxbytes)}.
 *
 * <p>How a handler suspends. The process's program is already a coroutine of its host thread component
 * ({@code ProgramThread}): it runs while the component waits and hands control back whenever it must wait for
 * virtual time. A handler that calls {@code FM_receive} for bytes not yet extracted must be descheduled while
 * {@code FM_extract} goes on with other packets (and other handlers), then continue where it stopped when its next
 * packet is extracted: it needs a stack of its own. {@link org.nowemu.protocol.fm.fm2.Coroutines} gives each
 * pending handler one, a pooled Java thread, and hands control between the extractor and the handlers so that only
 * one of them ever runs: the one emulated host thread, now running FM's code, now a handler's. A handler that waits
 * for virtual time itself (a send waiting for credits) waits as the program would, through the same component, since
 * it is the one running. Switching back to a suspended handler costs {@code handler-switch-cycles} of host time [E];
 * a handler whose message is in one packet never needs to suspend and runs on the extractor's own stack. When the
 * program ends, handlers still suspended are abandoned. Handlers may send but may not call {@code FM_extract}.
 */
package org.nowemu.protocol.fm.fm2;
