/** Ledger ids of the comparison systems' messages, from what their headers carry. */
package org.nowemu.protocol.parts.ledger;
