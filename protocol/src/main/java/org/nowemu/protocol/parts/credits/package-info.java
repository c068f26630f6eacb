/**
 * Host-level credits: per destination, owed credits returned at a threshold or piggy-backed. Used by the basic
 * protocol, FM, LFC and the reliability part.
 */
package org.nowemu.protocol.parts.credits;
