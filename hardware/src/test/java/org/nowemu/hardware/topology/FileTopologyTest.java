package org.nowemu.hardware.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;

class FileTopologyTest {
    @TempDir
    Path dir;

    private Topology read(String path) {
        ConfigReader config = new ConfigReader(ConfigFactory.parseString("nowemu.topology.name = file")
                .withValue("nowemu.topology.file.path", ConfigValueFactory.fromAnyRef(path))
                .withFallback(ConfigFactory.defaultReference()).resolve());
        return Topologies.build(config, 8);
    }

    private Topology file(String... lines) throws IOException {
        Path p = dir.resolve("net.topo");
        Files.write(p, List.of(lines));
        return read(p.toString());
    }

    private String failure(String... lines) {
        return assertThrows(BadInputException.class, () -> file(lines)).getMessage();
    }

    @Test
    void goodFileParsesToTheExpectedGraph() throws IOException {
        Topology t = file(
                "# two switches, three hosts",
                "switch s0",
                "switch s1 4   # a smaller switch",
                "",
                "host a",
                "host b",
                "host c",
                "link a s0:0",
                "link b:0 s0:1",
                "link s0:7 s1:3",
                "link c s1:0");
        Checks.wellFormed(t);
        // Nodes in file order: s0, s1, a, b, c.
        assertEquals(List.of("s0", "s1", "a", "b", "c"), t.nodes().stream().map(Node::name).toList());
        assertEquals(8, t.nodes().get(0).ports());
        assertEquals(4, t.nodes().get(1).ports());
        assertEquals(4, t.cables().size());
        assertEquals(new Port(1, 3), t.peer(new Port(0, 7)));
        assertEquals(new Port(0, 1), t.peer(new Port(3, 0)));
        assertTrue(t.name().endsWith("net.topo"));
    }

    @Test
    void linkMayNameANodeDeclaredFurtherDown() throws IOException {
        Topology t = file("link a s0:2", "switch s0", "host a");
        // s0 is node 0 and a node 1, in file order.
        assertEquals(new Port(0, 2), t.peer(new Port(1, 0)));
    }

    @Test
    void danglingLinkNamesTheFileAndLine() {
        String m = failure("switch s0", "host a", "link a s9:0");
        assertTrue(m.contains("net.topo:3: link to undeclared node 's9'"), m);
    }

    @Test
    void unknownDirectiveNamesTheFileAndLine() {
        String m = failure("# fine", "swtich s0");
        assertTrue(m.contains("net.topo:2: unknown directive 'swtich'"), m);
    }

    @Test
    void portOutOfRangeNamesTheFileAndLine() {
        String m = failure("switch s0 4", "host a", "link a s0:4");
        assertTrue(m.contains("net.topo:3: s0 has no port 4 (it has 4: 0..3)"), m);
    }

    @Test
    void portUsedTwiceNamesBothLines() {
        String m = failure("switch s0", "host a", "host b", "link a s0:1", "link b s0:1");
        assertTrue(m.contains("net.topo:5: port s0:1 is already used by the link on line 4"), m);
    }

    @Test
    void switchEndWithoutAPortIsRefused() {
        String m = failure("switch s0", "host a", "link a s0");
        assertTrue(m.contains("net.topo:3: link to switch s0 needs a port"), m);
    }

    @Test
    void hostWithoutACableIsReportedAtItsDeclaration() {
        String m = failure("switch s0", "host a", "host b", "link a s0:0");
        assertTrue(m.contains("net.topo:3: host b has no cable"), m);
    }

    @Test
    void nameDeclaredTwiceIsRefused() {
        String m = failure("switch s0", "host s0");
        assertTrue(m.contains("net.topo:2: s0 is already declared on line 1"), m);
    }

    @Test
    void badPortCountIsRefused() {
        String m = failure("switch s0 65");
        assertTrue(m.contains("net.topo:1: ports of s0 must be a whole number between 2 and 64, got '65'"), m);
    }

    @Test
    void disconnectedGraphNamesTheFile() {
        String m = failure("switch s0", "switch s1", "host a", "host b", "link a s0:0", "link b s1:0");
        assertTrue(m.contains("net.topo: not connected:"), m);
    }

    @Test
    void emptyFileIsRefused() {
        String m = failure("# nothing here", "");
        assertTrue(m.endsWith("net.topo: no switch or host declared"), m);
    }

    @Test
    void missingFileNamesTheKey() {
        String absent = dir.resolve("absent.topo").toString();
        String m = assertThrows(BadInputException.class, () -> read(absent)).getMessage();
        assertTrue(m.startsWith("nowemu.topology.file.path: cannot read topology file "), m);
        assertTrue(m.contains("absent.topo: no such file"), m);
    }

    @Test
    void unsetPathNamesTheKey() {
        String m = assertThrows(BadInputException.class, () -> read("")).getMessage();
        assertTrue(m.startsWith("nowemu.topology.file.path: not set"), m);
    }
}
