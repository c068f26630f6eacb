package org.nowemu.protocol.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.commons.javaflow.api.continuable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nowemu.actors.config.ConfigReader;
import org.nowemu.actors.runtime.RunResult;
import org.nowemu.protocol.support.AmNets;
import org.nowemu.protocol.support.Systems;

/** MPI over FM 1.x and FM 2.x: tags and wildcards, unexpected messages, order per (source, tag). */
class MpiMatchingTest {
    private static final long MS = 1_000_000_000L;

    @continuable
    private static RunResult run(String stack, String hosts, IntFunction<MpiProgram> programs) {
        ConfigReader r = AmNets.config("nowemu.hardware.profile = ppro\nnowemu.topology.single.hosts = " + hosts);
        return Systems.run(Systems.cluster(r, stack, MpiProgram.class, programs));
    }

    /** A message: its sender, tag and number k among the sender's, padded to {@code size} bytes. */
    private static byte[] message(int source, int tag, int k, int size) {
        return ByteBuffer.allocate(size).putInt(source).putInt(tag).putInt(k).array();
    }

    private static String read(byte[] b, MpiStatus st) {
        ByteBuffer bb = ByteBuffer.wrap(b);
        int source = bb.getInt();
        int tag = bb.getInt();
        int k = bb.getInt();
        assertEquals(st.source(), source, "status source");
        assertEquals(st.tag(), tag, "status tag");
        return source + "/" + tag + "/" + k;
    }

    /**
     * Rank 1 sends rank 0 tags 5 7 5 7 5 (its messages k = 0..4), rank 2 sends tags 7 7 5 (k = 0..2); rank 0 waits
     * 1 ms, so all eight are in FM's receive area, not yet seen by MPI, then receives by pattern. Worked by hand:
     * recv(2, 5) finds no unexpected message (MPI has extracted nothing yet), posts, and progress extracts all
     * eight in arrival order: 2/5/2 meets the posted receive, the seven others go to the unexpected queue;
     * recv(1, 7) takes 1/7/1, the first tag 7 from rank 1; recv(1, any) takes 1/5/0, rank 1's earliest left;
     * three recv(any, 7) take 1/7/3, 2/7/0 and 2/7/1, in some order across sources but 2/7/0 before 2/7/1; two
     * recv(any, any) take 1/5/2 then 1/5/4. Then rank 0 posts irecv(1, 9) before rank 1 sends
     * tag 9 (at 2 ms): it arrives to a posted receive, no longer unexpected. Sizes alternate 100 B and 3000 B, so
     * over FM 2.x some handlers are suspended in FM_receive and over FM 1.x some messages are reassembled.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mpi-fm1", "mpi-fm2"})
    void tagsAndWildcardsMatchInOrderPerSourceAndTag(String stack) {
        List<String> got = new ArrayList<>();
        RunResult res = run(stack, "3", h -> h == 1 ? new RankOne() : h == 2 ? new RankTwo() : new ByPattern(got));
        assertEquals(List.of("2/5/2", "1/7/1", "1/5/0"), got.subList(0, 3));
        List<String> sevens = got.subList(3, 6);
        assertEquals(List.of("1/7/3", "2/7/0", "2/7/1"), sevens.stream().sorted().toList());
        assertTrue(sevens.indexOf("2/7/0") < sevens.indexOf("2/7/1"), "same source, same tag: in order " + sevens);
        assertEquals(List.of("1/5/2", "1/5/4", "1/9/5"), got.subList(6, 9));
        assertEquals(9, res.counter("mpi.received"));
        assertTrue(res.ledger().kept(), res.ledger().toString());
        assertEquals(18, res.ledger().handledOnce(), "nine MPI messages and the nine FM messages under them");
    }

    /**
     * Rank 1 sends 60 messages alternating tags 1 and 2 (k = 0..59, sizes 16 B to 1 KB); rank 0 receives all of tag
     * 2 first, then all of tag 1: each tag's messages come in the order sent (k = 1, 3, ..., 59 then 0, 2, ..., 58),
     * the tag-1 ones having waited in the unexpected queue.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mpi-fm1", "mpi-fm2"})
    void messagesOfOneSourceAndTagAreReceivedInTheOrderSent(String stack) {
        List<Integer> got = new ArrayList<>();
        RunResult res = run(stack, "2", h -> h == 1 ? new Alternating() : new TagTwoFirst(got));
        List<Integer> expected = new ArrayList<>();
        for (int k = 1; k < 60; k += 2) {
            expected.add(k);
        }
        for (int k = 0; k < 60; k += 2) {
            expected.add(k);
        }
        assertEquals(expected, got);
        assertTrue(res.counter("mpi.unexpected") >= 30, "the tag-1 messages waited unexpected");
        assertTrue(res.ledger().kept(), res.ledger().toString());
    }

    /** Tags 5 7 5 7 5 (k = 0..4; 100 B and 3000 B in turn) to rank 0 at once, then tag 9 (k = 5) at 2 ms. */
    private record RankOne() implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            int[] tags = {5, 7, 5, 7, 5};
            for (int k = 0; k < tags.length; k++) {
                int size = k % 2 == 0 ? 100 : 3000;
                mpi.send(message(1, tags[k], k, size), 0, size, 0, tags[k]);
            }
            mpi.computeFor(2 * MS - mpi.now());
            mpi.send(message(1, 9, 5, 64), 0, 64, 0, 9);
        }
    }

    /** Tags 7 7 5 (k = 0..2; 3000 B and 100 B in turn) to rank 0 at once. */
    private record RankTwo() implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            int[] tags = {7, 7, 5};
            for (int k = 0; k < tags.length; k++) {
                int size = k % 2 == 0 ? 3000 : 100;
                mpi.send(message(2, tags[k], k, size), 0, size, 0, tags[k]);
            }
        }
    }

    /** At 1 ms, the receives by pattern worked out above, each message's "source/tag/k" into {@code got}. */
    private record ByPattern(List<String> got) implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            byte[] buf = new byte[4096];
            mpi.computeFor(MS);
            got.add(read(buf, mpi.recv(buf, 0, buf.length, 2, 5)));
            got.add(read(buf, mpi.recv(buf, 0, buf.length, 1, 7)));
            got.add(read(buf, mpi.recv(buf, 0, buf.length, 1, Mpi.ANY_TAG)));
            for (int i = 0; i < 3; i++) {
                got.add(read(buf, mpi.recv(buf, 0, buf.length, Mpi.ANY_SOURCE, 7)));
            }
            for (int i = 0; i < 2; i++) {
                got.add(read(buf, mpi.recv(buf, 0, buf.length, Mpi.ANY_SOURCE, Mpi.ANY_TAG)));
            }
            assertEquals(7, mpi.counter("mpi.unexpected").value(), "all but 2/5/2 came before their receives");
            MpiRequest posted = mpi.irecv(buf, 0, buf.length, 1, 9);
            got.add(read(buf, mpi.await(posted)));
            assertEquals(7, mpi.counter("mpi.unexpected").value(), "tag 9 met its posted receive");
        }
    }

    /** 60 messages to rank 0, k = 0..59, tags 1 and 2 in turn, of 16 + (37 k mod 1009) bytes. */
    private record Alternating() implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            for (int k = 0; k < 60; k++) {
                int size = 16 + (k * 37) % 1009;
                mpi.send(message(1, 1 + k % 2, k, size), 0, size, 0, 1 + k % 2);
            }
        }
    }

    /** 30 receives of tag 2 from rank 1, then 30 of tag 1, each message's k into {@code got}. */
    private record TagTwoFirst(List<Integer> got) implements MpiProgram {
        @Override
        public void run(Mpi mpi) {
            byte[] buf = new byte[2048];
            for (int tag : new int[] {2, 1}) {
                for (int i = 0; i < 30; i++) {
                    MpiStatus st = mpi.recv(buf, 0, buf.length, 1, tag);
                    assertEquals(16 + (ByteBuffer.wrap(buf).getInt(8) * 37) % 1009, st.count());
                    got.add(ByteBuffer.wrap(buf).getInt(8));
                }
            }
        }
    }
}
