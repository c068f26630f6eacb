/** A cluster running one comparison system: firmware factory plus process factory, one process per NIC. */
package org.nowemu.protocol.parts.system;
