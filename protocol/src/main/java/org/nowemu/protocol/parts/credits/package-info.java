/** Host-level credit flow control: per-destination credits, owed credits returned at a threshold or piggy-backed. */
package org.nowemu.protocol.parts.credits;
