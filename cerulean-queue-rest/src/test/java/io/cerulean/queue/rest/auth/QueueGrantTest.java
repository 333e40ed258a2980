package io.cerulean.queue.rest.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.resource.QueueResourceKind;
import io.cerulean.queue.rest.routing.QueueOperation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** What each shared access signature allows, operation by operation (the contract's tables 2.3 and 2.5). */
class QueueGrantTest {
    private static final QueueResource JOBS = new QueueResource("acct", false, QueueResourceKind.MESSAGES, "jobs", null);
    private static final QueueResource OTHER = new QueueResource("acct", false, QueueResourceKind.MESSAGES, "other", null);

    @ParameterizedTest
    @CsvSource({
            "LIST_QUEUES,            s,  l",
            "GET_SERVICE_PROPERTIES, s,  r",
            "SET_SERVICE_PROPERTIES, s,  w",
            "GET_SERVICE_STATS,      s,  r",
            "CREATE_QUEUE,           c,  w",
            "CREATE_QUEUE,           c,  c",
            "DELETE_QUEUE,           c,  d",
            "GET_QUEUE_METADATA,     c,  r",
            "SET_QUEUE_METADATA,     c,  w",
            "PUT_MESSAGE,            o,  a",
            "GET_MESSAGES,           o,  p",
            "PEEK_MESSAGES,          o,  r",
            "DELETE_MESSAGE,         o,  p",
            "DELETE_MESSAGE,         c,  p",
            "UPDATE_MESSAGE,         o,  u",
            "UPDATE_MESSAGE,         c,  u",
            "CLEAR_MESSAGES,         o,  d",
            "CLEAR_MESSAGES,         c,  d"})
    void anAccountSasAllowsWhatItsResourceTypeAndPermissionCover(QueueOperation operation, String srt, String sp) {
        assertThatCode(() -> new QueueGrant.AccountSas(sp, srt).authorize(operation, JOBS)).doesNotThrowAnyException();
        ServiceException noType = catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.AccountSas(sp, "x").authorize(operation, JOBS));
        assertThat(noType.errorCode()).isEqualTo(CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH);
        ServiceException noLetter = catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.AccountSas("x", "sco").authorize(operation, JOBS));
        assertThat(noLetter.errorCode()).isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
    }

    @ParameterizedTest
    @EnumSource(value = QueueOperation.class, names = {"GET_QUEUE_ACL", "SET_QUEUE_ACL"})
    void noSasReadsOrSetsAQueuesAcl(QueueOperation operation) {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.AccountSas("rwdlacup", "sco").authorize(operation, JOBS));
        assertThat(refused.errorCode()).isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
        assertThat(catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.QueueSas("jobs", "raup").authorize(operation, JOBS)).errorCode())
                .isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
    }

    @ParameterizedTest
    @CsvSource({"GET_QUEUE_METADATA, r", "PEEK_MESSAGES, r", "PUT_MESSAGE, a", "UPDATE_MESSAGE, u", "GET_MESSAGES, p",
            "DELETE_MESSAGE, p"})
    void aQueueSasAllowsItsLettersOnItsOwnQueueOnly(QueueOperation operation, char letter) {
        assertThatCode(() -> new QueueGrant.QueueSas("jobs", String.valueOf(letter)).authorize(operation, JOBS))
                .doesNotThrowAnyException();
        String others = "raup".replace(String.valueOf(letter), "");
        assertThat(catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.QueueSas("jobs", others).authorize(operation, JOBS)).errorCode())
                .isEqualTo(CommonError.AUTHORIZATION_PERMISSION_MISMATCH);
        assertThat(catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.QueueSas("jobs", "raup").authorize(operation, OTHER)).errorCode())
                .isEqualTo(CommonError.AUTHORIZATION_FAILURE);
    }

    @ParameterizedTest
    @EnumSource(value = QueueOperation.class, names = {"LIST_QUEUES", "CREATE_QUEUE", "DELETE_QUEUE",
            "SET_QUEUE_METADATA", "CLEAR_MESSAGES", "GET_SERVICE_PROPERTIES", "SET_SERVICE_PROPERTIES"})
    void aQueueSasNeverManagesQueuesOrTheService(QueueOperation operation) {
        QueueResource resource = operation.name().contains("SERVICE") || operation == QueueOperation.LIST_QUEUES
                ? new QueueResource("acct", false, QueueResourceKind.SERVICE, null, null) : JOBS;
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> new QueueGrant.QueueSas("jobs", "raup").authorize(operation, resource));
        assertThat(refused.errorCode()).isIn(CommonError.AUTHORIZATION_PERMISSION_MISMATCH, CommonError.AUTHORIZATION_FAILURE);
    }
}
