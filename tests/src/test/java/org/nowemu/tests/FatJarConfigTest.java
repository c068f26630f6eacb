package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The fat jar that {@code ./nowemu} runs holds one reference.conf, every module's appended in dependency order,
 * where the last definition of a key wins. nowemu sets some of Pekko's keys (the downing provider, the frame
 * size, the log level) in actors/reference.conf: those must come after Pekko's own, or a cluster run from the
 * command line silently gets Pekko's defaults (it once did: no split-brain resolver, 256 KiB frames).
 */
class FatJarConfigTest {

    @Test
    void nowemusSettingsOfPekkoKeysWinInTheFatJar() throws IOException {
        Path jar;
        try (var files = Files.list(Path.of("..", "workloads", "target"))) {
            List<Path> all = files.filter(p -> p.getFileName().toString().endsWith("-all.jar")).toList();
            assertEquals(1, all.size(), "one fat jar in workloads/target: " + all);
            jar = all.get(0);
        }
        Config c;
        try (ZipFile z = new ZipFile(jar.toFile());
             var in = new InputStreamReader(z.getInputStream(z.getEntry("reference.conf")), StandardCharsets.UTF_8)) {
            c = ConfigFactory.parseReader(in).resolve();
        }
        // Pekko's defaults are "", 256 KiB and INFO; the values below are actors/reference.conf's.
        assertEquals("org.apache.pekko.cluster.sbr.SplitBrainResolverProvider",
                c.getString("pekko.cluster.downing-provider-class"));
        assertEquals(4L << 20, c.getBytes("pekko.remote.artery.advanced.maximum-frame-size"));
        assertEquals("WARNING", c.getString("pekko.loglevel"));
        assertTrue(c.hasPath("nowemu.cluster.transport"), "nowemu's own keys are there too");
    }
}
