package org.nowemu.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.runtime.ComponentReport;
import org.nowemu.actors.runtime.LedgerBook;
import org.nowemu.actors.runtime.LedgerEntries;
import org.nowemu.actors.runtime.RunFailure;
import org.nowemu.actors.wire.WireRegistry;

/** Outcomes in the reports a member sends: once per component, and never a report Artery cannot write. */
class ReportOutcomesTest {
    record Note(int k, long[] values) {
    }

    record Unlisted(int k) {
    }

    record Holder(Unlisted inside) {
    }

    private static ComponentReport report(int id, LedgerEntries page, List<Object> outcomes) {
        return new ComponentReport(id, "c" + id, 0, 0, 0, 0, 0, 10L * id, new TreeMap<>(), new TreeMap<>(), List.of(),
                0, page, outcomes);
    }

    /**
     * A ledger page of 70,000 sent messages is 210,000 longs, over the 200,000 of a wire message: the report goes
     * as two pieces, the outcomes with the first only, and joined again it has the whole page and its two
     * outcomes once.
     */
    @Test
    void aReportSplitForItsLedgerCarriesItsOutcomesOnce() {
        LedgerBook book = new LedgerBook();
        for (int i = 0; i < 70_000; i++) {
            book.sent(i, i, 0);
        }
        List<Object> outcomes = List.of(new Note(1, new long[] {5}), new Note(2, new long[0]));
        List<ArrayList<ComponentReport>> chunks = Wire.chunks(List.of(report(3, book.entries(), outcomes)));
        assertEquals(2, chunks.size());
        assertEquals(outcomes, chunks.get(0).get(0).outcomes());
        assertEquals(List.of(), chunks.get(1).get(0).outcomes());
        List<ComponentReport> all = new ArrayList<>(chunks.get(0));
        all.addAll(chunks.get(1));
        List<ComponentReport> joined = Wire.joined(all);
        assertEquals(1, joined.size());
        assertEquals(70_000, joined.get(0).ledger().sentIds().length);
        assertEquals(outcomes, joined.get(0).outcomes());
    }

    /**
     * Registered are Note (and long[] as the runtime's). Component 2 recorded an Unlisted, component 1 a Holder
     * whose field is an Unlisted: the member reports the failure of the earlier one (component 1, at 10 ps),
     * naming the missing class, and sends every report without its outcomes. With only Notes, the reports and
     * the failure go as they are.
     */
    @Test
    void anOutcomeOfAClassNotRegisteredFailsTheRunNamingItInsteadOfAnUnwritableReport() {
        WireRegistry registry = WireRegistry.of(Note.class, Holder.class);
        List<ComponentReport> reports = List.of(report(0, LedgerEntries.EMPTY, List.of(new Note(0, new long[0]))),
                report(1, LedgerEntries.EMPTY, List.of(new Holder(new Unlisted(1)))),
                report(2, LedgerEntries.EMPTY, List.of(new Unlisted(2))));
        WireCheck.Checked checked = WireCheck.outcomes(reports, registry, null);
        RunFailure f = checked.failure();
        assertEquals(1, f.component());
        assertEquals(10, f.time());
        assertTrue(f.describe().startsWith("component c1 (id 1) failed at 10ps: its outcome "
                + Holder.class.getName() + " cannot cross to another member: class '" + Unlisted.class.getName()
                + "' is not registered for the wire; add it to nowemu.wire.classes"), f.describe());
        assertEquals(3, checked.reports().size());
        for (ComponentReport r : checked.reports()) {
            assertEquals(List.of(), r.outcomes());
        }

        List<ComponentReport> fine = List.of(reports.get(0));
        RunFailure earlier = new RunFailure(5, 0, "c0", "boom");
        checked = WireCheck.outcomes(fine, registry, earlier);
        assertSame(earlier, checked.failure());
        assertEquals(fine, checked.reports());
    }
}
