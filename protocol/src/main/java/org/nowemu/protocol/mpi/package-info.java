/**
 * MPI over Fast Messages (systems §4), stacks {@code mpi-fm1} and {@code mpi-fm2}: a minimal point-to-point
 * MPI ({@code send}, {@code recv}, {@code isend}, {@code irecv}, {@code wait}, {@code test}; tags and sources with
 * wildcards; an eager protocol with an unexpected-message queue; a 24-byte header) layered on FM 1.x or FM 2.x with
 * the copies each layering forces: over FM 1.x a staging copy to send, FM's reassembly, and a copy out of the
 * contiguous message the handler gets; over FM 2.x the header and payload sent as two pieces and the payload
 * received by {@code FM_receive} straight into the posted buffer. Nothing is calibrated: MPI-FM's performance
 * emerges from FM's.
 */
package org.nowemu.protocol.mpi;
