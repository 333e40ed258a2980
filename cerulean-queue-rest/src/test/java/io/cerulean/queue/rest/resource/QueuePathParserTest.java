package io.cerulean.queue.rest.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QueuePathParserTest {
    @ParameterizedTest
    @CsvSource({
            "/acct,                          acct, false, SERVICE,  ,      ",
            "/acct/,                         acct, false, SERVICE,  ,      ",
            "/acct-secondary/,               acct, true,  SERVICE,  ,      ",
            "/acct/jobs,                     acct, false, QUEUE,    jobs,  ",
            "/acct/jobs/,                    acct, false, QUEUE,    jobs,  ",
            "/acct/jobs/messages,            acct, false, MESSAGES, jobs,  ",
            "/acct/jobs/messages/,           acct, false, MESSAGES, jobs,  ",
            "/acct/jobs/messages/id-1,       acct, false, MESSAGE,  jobs,  id-1",
            "/acct-secondary/jobs/messages,  acct, true,  MESSAGES, jobs,  ",
            "/acct/Jobs,                     acct, false, QUEUE,    Jobs,  "})
    void namesTheResource(String path, String account, boolean secondary, QueueResourceKind kind, String queue,
                          String messageId) {
        assertThat(QueuePathParser.parse(path, null))
                .isEqualTo(new QueueResource(account, secondary, kind, queue, messageId));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "//jobs", "/acct//messages", "/acct/jobs/other", "/acct/jobs/messages/id/more",
            "/acct/jobs/other/id", "acct/jobs"})
    void anythingElseIsInvalidUri(String path) {
        ServiceException refused = catchThrowableOfType(ServiceException.class, () -> QueuePathParser.parse(path, null));
        assertThat(refused.errorCode()).isEqualTo(CommonError.INVALID_URI);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/acct-secondary/acct", "/acct-secondary/acct/"})
    void theSecondaryAccountNamedTwiceIsTheServiceWhereStatsAreAsked(String path) {
        assertThat(QueuePathParser.parse(path, "service").kind()).isEqualTo(QueueResourceKind.SERVICE);
        assertThat(QueuePathParser.parse(path, null).kind()).isEqualTo(QueueResourceKind.QUEUE);
    }
}
