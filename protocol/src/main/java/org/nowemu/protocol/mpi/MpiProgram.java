package org.nowemu.protocol.mpi;

import org.apache.commons.javaflow.api.continuable;

/** Workload code that runs as one MPI rank (one process per host), against {@link Mpi}. */
@FunctionalInterface
public interface MpiProgram {
    @continuable
    void run(Mpi mpi);
}
