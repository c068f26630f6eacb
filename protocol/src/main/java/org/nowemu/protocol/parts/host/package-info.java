/** The host side of a comparison system's process: its thread ({@code LibraryThread}), its costs ({@code HostOps}). */
package org.nowemu.protocol.parts.host;
