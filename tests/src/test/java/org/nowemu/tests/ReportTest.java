package org.nowemu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.nowemu.tests.CommandLineTest.nowemu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report a run writes, opened in headless Chromium: every plot loads and the run and metrics tables are
 * there. The page fetches nothing from the network: every image is a file beside it. Without a browser on the
 * PATH the browser half is skipped with a printed reason, so the README's test command passes on a machine with
 * only Java and Maven; {@code .ci/run} installs Chromium and sets {@code NOWEMU_REQUIRE_BROWSER=1}, so there a
 * missing browser fails instead of skipping.
 */
class ReportTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    private static String chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv("PATH").split(java.io.File.pathSeparator)) {
                if (Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name).toString();
                }
            }
        }
        return null;
    }

    @Test
    void theReportOpensInChromiumWithEveryPlotLoadedAndItsTables() throws IOException, InterruptedException {
        CommandLineTest.Outcome o = nowemu("run", "logp", "--set", "nowemu.logp.stacks=[amii, gam]", "--set",
                "nowemu.topology.chain.switches=2", "--set", "nowemu.logp.samples=3", "--set",
                "nowemu.logp.round-trips=10", "--set", "nowemu.logp.burst=60", "--out", tmp.toString());
        assertEquals(0, o.code(), o.err());
        Path report = tmp.resolve("report.html");
        String html = Files.readString(report);
        assertTrue(!html.contains("http://") && !html.contains("https://"), "no network fetches");
        String browser = chromium();
        if ("1".equals(System.getenv("NOWEMU_REQUIRE_BROWSER"))) {
            assertNotNull(browser, "NOWEMU_REQUIRE_BROWSER=1 but no chromium on the PATH");
        } else if (browser == null) {
            System.out.println("ReportTest: no chromium on the PATH, the report is not opened in a browser"
                    + " (.ci/run installs Debian's chromium)");
        }
        Assumptions.assumeTrue(browser != null, "no chromium on the PATH: the report is not opened in a browser");
        Path profile = Files.createDirectory(tmp.resolve("chromium-profile"));
        // The network flags: this machine's closed network refuses Chromium's background connections noisily.
        Process p = new ProcessBuilder(browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--virtual-time-budget=10000", "--dump-dom", report.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium finished");
        Matcher img = Pattern.compile("<img[^>]*>").matcher(dom);
        int images = 0;
        while (img.find()) {
            images++;
            assertTrue(img.group().contains("data-loaded=\"1\""), "image did not load: " + img.group());
        }
        assertEquals(2, images, "the two LogP plots: " + dom.length() + " characters of DOM");
        assertTrue(dom.contains("id=\"run\"") && dom.contains("id=\"metrics\""), "run and metrics tables");
        assertTrue(dom.contains("logp.amii.g_us"), "a metric in the table");
    }
}
