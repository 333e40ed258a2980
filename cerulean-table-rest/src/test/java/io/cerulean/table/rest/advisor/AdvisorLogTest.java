package io.cerulean.table.rest.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.advisor.Finding;
import io.cerulean.table.advisor.FindingKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The advisor's log line names the table, what was seen, and the pattern that fixes it. */
class AdvisorLogTest {
    @Test
    void theLineNamesTheTableEachFindingItsEvidenceAndItsFix() {
        String line = AdvisorLog.line(List.of(
                new Finding("acct", "Logs", FindingKind.HOT_PARTITION, "2026112915", "Partition '2026112915' took 40 entities/s."),
                new Finding("acct", "Logs", FindingKind.TABLE_SCAN, null, "12 query pages a minute read the whole table.")));
        assertThat(line).isEqualTo("design advisor: table acct/Logs:"
                + " [hot-partition '2026112915'] Partition '2026112915' took 40 entities/s. Fix: Compound key pattern."
                + " [table-scan] 12 query pages a minute read the whole table. Fix: Inter-partition secondary index pattern.");
    }
}
