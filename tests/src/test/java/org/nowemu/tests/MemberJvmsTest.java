package org.nowemu.tests;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every test that starts member JVMs through the command line shares: the project root for the launcher, a
 * temporary folder, and the check, after each test, that no member JVM is left running.
 */
abstract class MemberJvmsTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void projectRoot() {
        CommandLineTest.projectRoot();
    }

    @AfterEach
    void noMemberLeftRunning() {
        Jvms.noneLeftRunning();
    }
}
