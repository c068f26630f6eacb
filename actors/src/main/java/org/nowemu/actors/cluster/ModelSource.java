package org.nowemu.actors.cluster;

import com.typesafe.config.Config;
import org.nowemu.actors.runtime.Model;

/**
 * How every member builds the same model from a run's configuration: the coordinator to place it, each
 * member to create its own partition's components. Must be a pure function of the configuration, so that all
 * members agree on component ids, connections and groups. The workloads module supplies it.
 */
@FunctionalInterface
public interface ModelSource {
    Model model(Config config);
}
