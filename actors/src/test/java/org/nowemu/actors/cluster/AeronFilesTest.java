package org.nowemu.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nowemu.actors.config.BadInputException;

/**
 * The media-driver directories of aeron-udp members: one of its own per member, and what a killed member left
 * behind is deleted by the next one, while a running process's directory is left alone.
 */
class AeronFilesTest {
    @TempDir
    Path base;

    /**
     * A directory named after a process that has ended (a `true` this test started and waited for) is deleted
     * with its files when a member starts; one named after this running JVM, and a file not named as a member's,
     * stay. Two members of this JVM get different directories, both under the base.
     */
    @Test
    void aDeadMembersDirectoryIsDeletedAndEachMemberGetsItsOwn() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        Path dead = Files.createDirectories(base.resolve("nowemu-member-" + p.pid() + "-1"));
        Files.writeString(dead.resolve("cnc.dat"), "left by a killed member");
        Path alive = Files.createDirectories(base.resolve("nowemu-member-" + ProcessHandle.current().pid() + "-99"));
        Path other = Files.writeString(base.resolve("not-a-member"), "someone else's");

        Path first = AeronFiles.memberDirectory(base, "nowemu.cluster.aeron.directory");
        Path second = AeronFiles.memberDirectory(base, "nowemu.cluster.aeron.directory");

        assertFalse(Files.exists(dead), "the dead member's directory is gone");
        assertTrue(Files.isDirectory(alive), "a running process's directory stays");
        assertTrue(Files.exists(other), "a file that is no member's stays");
        assertNotEquals(first, second);
        assertEquals(base, first.getParent());
        assertTrue(first.getFileName().toString().startsWith("nowemu-member-" + ProcessHandle.current().pid() + "-"));
    }

    /** A base directory that cannot be made (under a regular file) is one line of bad input naming the key. */
    @Test
    void aBaseThatCannotBeMadeIsBadInput() throws Exception {
        Path file = Files.writeString(base.resolve("plain-file"), "x");
        BadInputException e = org.junit.jupiter.api.Assertions.assertThrows(BadInputException.class,
                () -> AeronFiles.memberDirectory(file.resolve("aeron"), "nowemu.cluster.aeron.directory"));
        assertTrue(e.getMessage().startsWith("nowemu.cluster.aeron.directory '" + file.resolve("aeron")
                + "': cannot create it"), e.getMessage());
    }
}
