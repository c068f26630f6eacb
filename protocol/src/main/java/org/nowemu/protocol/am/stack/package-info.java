/**
 * The settings and cost tables of an AM stack (AM-II, GAM and their variants), read from
 * {@code nowemu.protocol}. Used by the AM-II library, the VN firmware and the AM workloads.
 */
package org.nowemu.protocol.am.stack;
