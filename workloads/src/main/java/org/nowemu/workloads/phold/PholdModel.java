package org.nowemu.workloads.phold;

import org.nowemu.actors.runtime.Model;
import org.nowemu.actors.runtime.ModelBuilder;

/** Builds the PHOLD model: {@code components} nodes, each connected to all others with the lookahead. */
public final class PholdModel {
    private PholdModel() {
    }

    public static Model build(PholdSettings s) {
        ModelBuilder b = new ModelBuilder();
        for (int i = 0; i < s.components(); i++) {
            int id = b.add("phold-" + i, () -> new PholdNode(s));
            b.connectToAll(id, s.lookaheadPs());
            b.carries(id, PholdNode.Ping.class);
        }
        return b.build();
    }
}
