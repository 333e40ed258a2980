package io.cerulean.http.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.ServiceException;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerTimeoutTest {
    private static AzureRequest withTimeout(String value) {
        Map<String, List<String>> query = value == null ? Map.of() : Map.of("timeout", List.of(value));
        return new AzureRequest("GET", "/a/t", query, new DefaultHttpHeaders(), new byte[0], false, "");
    }

    @Test
    void aWholeNumberOfSecondsUpToTheMostAllowed() {
        assertThat(ServerTimeout.of(withTimeout(null), Duration.ofSeconds(30))).isEmpty();
        assertThat(ServerTimeout.of(withTimeout("5"), Duration.ofSeconds(30))).contains(Duration.ofSeconds(5));
        assertThat(ServerTimeout.of(withTimeout("0"), Duration.ofSeconds(30))).contains(Duration.ZERO);
        assertThat(ServerTimeout.of(withTimeout("3600"), Duration.ofSeconds(30))).contains(Duration.ofSeconds(30));
        assertThat(ServerTimeout.of(withTimeout("90"), Duration.ofSeconds(120))).contains(Duration.ofSeconds(90));
    }

    @Test
    void anythingElseIsAnInvalidQueryParameterValue() {
        for (String bad : List.of("", "abc", "1.5", "-1", "99999999999999999999")) {
            assertThatThrownBy(() -> ServerTimeout.of(withTimeout(bad), Duration.ofSeconds(30)))
                    .isInstanceOfSatisfying(ServiceException.class, e -> {
                        assertThat(e.errorCode().code()).isEqualTo("InvalidQueryParameterValue");
                        assertThat(e.errorCode().status()).isEqualTo(400);
                        assertThat(e.details()).containsEntry("QueryParameterName", "timeout")
                                .containsEntry("QueryParameterValue", bad);
                    });
        }
    }

    @Test
    void aTimeoutSetsTheDeadlineFromTheArrivalAndZeroIsSpentAlready() {
        AzureRequest none = withTimeout(null);
        assertThat(ServerTimeout.timed(none, Duration.ofSeconds(30)).deadline().limited()).isFalse();
        AzureRequest zero = ServerTimeout.timed(withTimeout("0"), Duration.ofSeconds(30));
        assertThat(zero.deadline().passed()).isTrue();
        assertThatThrownBy(() -> zero.deadline().check()).isInstanceOfSatisfying(ServiceException.class, e -> {
            assertThat(e.errorCode().code()).isEqualTo("OperationTimedOut");
            assertThat(e.errorCode().status()).isEqualTo(500);
            assertThat(e.getMessage()).isEqualTo("Operation could not be completed within the specified time.");
        });
        AzureRequest arrived = withTimeout("10");
        AzureRequest ten = ServerTimeout.timed(arrived, Duration.ofSeconds(30));
        assertThat(ten.deadline().passed()).isFalse();
        assertThat(ten.deadline().arrivedNanos()).isEqualTo(arrived.deadline().arrivedNanos());
        assertThat(ten.deadline().remaining(Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(5));
        assertThat(ten.deadline().remaining(Duration.ofMinutes(1))).isLessThanOrEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aCarriedRequestIsDueNoLaterThanItsCarrier() {
        AzureRequest carrier = ServerTimeout.timed(withTimeout("0"), Duration.ofSeconds(30));
        AzureRequest carried = withTimeout("20").withDeadline(carrier.deadline());
        assertThat(ServerTimeout.timed(carried, Duration.ofSeconds(30)).deadline()).isEqualTo(carrier.deadline());
    }
}
