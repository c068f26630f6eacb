package org.nowemu.protocol.mpi;

/** Workload code that runs as one MPI rank (one process per host), against {@link Mpi}. */
@FunctionalInterface
public interface MpiProgram {
    void run(Mpi mpi);
}
