package io.cerulean.table.rest.advisor;

import io.cerulean.table.advisor.Finding;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells operators what the advisor finds in a table, one warning naming each finding's kind,
 * evidence and fixing pattern; the advisor calls it at most once a minute per table.
 */
public final class AdvisorLog {
    private static final Logger log = LoggerFactory.getLogger(AdvisorLog.class);

    private AdvisorLog() {
    }

    public static void record(List<Finding> findings) {
        if (findings.isEmpty() || !log.isWarnEnabled()) {
            return;
        }
        log.warn(line(findings));
    }

    /** The line for one table's findings. */
    static String line(List<Finding> findings) {
        Finding first = findings.get(0);
        StringBuilder line = new StringBuilder("design advisor: table ").append(first.account()).append('/')
                .append(first.table()).append(':');
        for (Finding finding : findings) {
            line.append(" [").append(finding.kind().wireName());
            if (finding.partitionKey() != null) {
                line.append(" '").append(finding.partitionKey()).append('\'');
            }
            line.append("] ").append(finding.evidence()).append(" Fix: ").append(finding.pattern()).append('.');
        }
        return line.toString();
    }
}
