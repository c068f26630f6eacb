/**
 * Active Messages II, the system {@code am} (stacks AM-II and GAM): the host library programs call, its process, its
 * registration ({@code AmSystem}) and {@code AmCluster}. Used by AM programs: the workloads, the mapper, the tests.
 */
package org.nowemu.protocol.am;
