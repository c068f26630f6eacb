/**
 * Ledger ids of messages, from what their headers carry. Used by every system.
 */
package org.nowemu.protocol.parts.ledger;
