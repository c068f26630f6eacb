package org.nowemu.hardware.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.nowemu.actors.config.BadInputException;
import org.nowemu.actors.config.ConfigReader;

/**
 * A topology read from the file named by {@code nowemu.topology.file.path}; a relative path is resolved
 * against the working directory. The file is UTF-8 text, one directive per line:
 *
 * <pre>
 * # a comment runs from # to the end of the line; blank lines are ignored
 * switch NAME [PORTS]     a switch; PORTS (2..64) defaults to the profile's switch port count
 * host NAME               a host (one port, port 0)
 * link END END            a cable; END is NAME:PORT, or just NAME for a host (its port 0)
 * </pre>
 *
 * For example, two hosts on one switch: {@code switch s0}, {@code host a}, {@code host b},
 * {@code link a s0:0}, {@code link b s0:1}.
 *
 * <p>Names are letters, digits, {@code _ . -}, unique across hosts and switches. Nodes are numbered in the
 * order they are declared; a link may name a node declared further down. Every mistake is a
 * {@link BadInputException} whose message starts {@code FILE:LINE:}: an unknown directive, a wrong number
 * of words, a bad or repeated name, a link to an undeclared node, a port out of range or used twice, a
 * switch port left out, a cable from a node to itself, a host without a cable (at its declaration). A
 * network that is not connected is reported as {@code FILE: not connected: ...}.
 */
public final class FileTopology extends TopologyBuilder {
    private static final String PATH = "nowemu.topology.file.path";
    private static final int MIN_PORTS = 2;
    private static final int MAX_PORTS = 64;

    public FileTopology() {
        super("file", "read from the file nowemu.topology.file.path (format in FileTopology)");
    }

    @Override
    public Topology build(ConfigReader config, int switchPorts) {
        String text = config.string(PATH).trim();
        if (text.isEmpty()) {
            throw config.bad(PATH, "not set; the file topology needs the path of a topology file");
        }
        Path file;
        try {
            file = Path.of(text);
        } catch (InvalidPathException e) {
            throw config.bad(PATH, "'" + text + "' is not a valid path: " + e.getReason());
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw config.bad(PATH, "cannot read topology file " + file.toAbsolutePath() + ": " + reason(e));
        }
        return parse(text, lines, switchPorts);
    }

    private static String reason(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "not UTF-8 text";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * Parses the lines of a topology file.
     *
     * @param source      the file's name as the user gave it, used in messages and as the topology's name
     * @param lines       the file's lines
     * @param switchPorts ports of a switch declared without a count
     */
    public static Topology parse(String source, List<String> lines, int switchPorts) {
        List<Node> nodes = new ArrayList<>();
        List<Integer> declaredAt = new ArrayList<>();
        TreeMap<String, Integer> byName = new TreeMap<>();
        List<String[]> links = new ArrayList<>();
        List<Integer> linkLines = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int line = i + 1;
            String content = lines.get(i);
            int hash = content.indexOf('#');
            content = (hash >= 0 ? content.substring(0, hash) : content).trim();
            if (content.isEmpty()) {
                continue;
            }
            String[] words = content.split("\\s+");
            switch (words[0]) {
                case "switch", "host" -> {
                    boolean isSwitch = words[0].equals("switch");
                    if (words.length < 2 || words.length > (isSwitch ? 3 : 2)) {
                        throw at(source, line, isSwitch ? "expected 'switch NAME [PORTS]'" : "expected 'host NAME'");
                    }
                    String name = words[1];
                    if (!name.matches("[A-Za-z0-9_.-]+")) {
                        throw at(source, line, "bad name '" + name + "'; use letters, digits, '_', '.' and '-'");
                    }
                    Integer before = byName.get(name);
                    if (before != null) {
                        throw at(source, line, name + " is already declared on line " + declaredAt.get(before));
                    }
                    int ports = 1;
                    if (isSwitch) {
                        ports = words.length == 3
                                ? number(source, line, words[2], "ports of " + name, MIN_PORTS, MAX_PORTS)
                                : switchPorts;
                    }
                    byName.put(name, nodes.size());
                    declaredAt.add(line);
                    nodes.add(new Node(nodes.size(), isSwitch ? Node.Kind.SWITCH : Node.Kind.HOST, name, ports));
                }
                case "link" -> {
                    if (words.length != 3) {
                        throw at(source, line, "expected 'link NAME:PORT NAME:PORT'");
                    }
                    links.add(words);
                    linkLines.add(line);
                }
                default -> throw at(source, line,
                        "unknown directive '" + words[0] + "'; expected switch, host or link");
            }
        }
        if (nodes.isEmpty()) {
            throw new BadInputException(source + ": no switch or host declared");
        }

        List<Cable> cables = new ArrayList<>();
        TreeMap<Port, Integer> usedAt = new TreeMap<>();
        for (int l = 0; l < links.size(); l++) {
            int line = linkLines.get(l);
            Port a = end(source, line, links.get(l)[1], byName, nodes);
            Port b = end(source, line, links.get(l)[2], byName, nodes);
            if (a.node() == b.node()) {
                throw at(source, line, "link joins " + nodes.get(a.node()).name() + " to itself");
            }
            for (Port p : List.of(a, b)) {
                Integer before = usedAt.putIfAbsent(p, line);
                if (before != null) {
                    throw at(source, line, "port " + nodes.get(p.node()).name() + ":" + p.port()
                            + " is already used by the link on line " + before);
                }
            }
            cables.add(new Cable(a, b));
        }
        for (Node n : nodes) {
            if (n.isHost() && !usedAt.containsKey(new Port(n.index(), 0))) {
                throw at(source, declaredAt.get(n.index()), "host " + n.name() + " has no cable");
            }
        }
        try {
            return new Topology(source, nodes, cables);
        } catch (IllegalArgumentException e) {
            // The checks above leave only connectivity to the constructor; its message starts with the source.
            throw new BadInputException(e.getMessage());
        }
    }

    private static Port end(String source, int line, String word, TreeMap<String, Integer> byName, List<Node> nodes) {
        int colon = word.indexOf(':');
        String name = colon >= 0 ? word.substring(0, colon) : word;
        Integer index = byName.get(name);
        if (index == null) {
            throw at(source, line, "link to undeclared node '" + name + "'; declare it with 'switch " + name
                    + "' or 'host " + name + "'");
        }
        Node n = nodes.get(index);
        if (colon < 0) {
            if (n.isSwitch()) {
                throw at(source, line, "link to switch " + name + " needs a port: write " + name + ":PORT");
            }
            return new Port(index, 0);
        }
        String text = word.substring(colon + 1);
        if (!text.matches("[0-9]+")) {
            throw at(source, line, "bad port '" + text + "' of " + name + "; expected a whole number");
        }
        long port = text.length() > 9 ? Long.MAX_VALUE : Long.parseLong(text);
        if (port >= n.ports()) {
            throw at(source, line, name + " has no port " + text + " (it has " + n.ports() + ": 0.."
                    + (n.ports() - 1) + ")");
        }
        return new Port(index, (int) port);
    }

    private static int number(String source, int line, String text, String what, int min, int max) {
        long v = text.matches("[0-9]{1,9}") ? Long.parseLong(text) : -1;
        if (v < min || v > max) {
            throw at(source, line, what + " must be a whole number between " + min + " and " + max + ", got '"
                    + text + "'");
        }
        return (int) v;
    }

    private static BadInputException at(String source, int line, String what) {
        return new BadInputException(source + ":" + line + ": " + what);
    }
}
