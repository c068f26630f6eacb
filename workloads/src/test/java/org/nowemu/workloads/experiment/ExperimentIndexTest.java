package org.nowemu.workloads.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ExperimentIndexTest {
    @Test
    void theIndexOfPackagedExperimentsNamesEveryConfFileOfTheModule() throws IOException {
        // Outside the source tree `nowemu list` only knows the jar's experiments through this index.
        try (var files = Files.list(Path.of("."))) {
            List<String> onDisk = files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".conf"))
                    .map(f -> f.substring(0, f.length() - 5)).sorted().toList();
            assertEquals(onDisk, List.copyOf(new TreeSet<>(ExperimentIndex.NAMES)));
        }
    }
}
