package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.http.reset.ResetGrant;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code cerulean serve --allow-reset}: off unless given, a bare flag meaning {@code account}. */
class AllowResetOptionTest {
    private static ResetGrant allowReset(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return ResetGrant.parse(serve.allowReset);
    }

    @Test
    void resetIsOffUnlessAllowed() {
        assertThat(allowReset()).isEqualTo(ResetGrant.OFF);
        assertThat(allowReset("--allow-reset")).isEqualTo(ResetGrant.ACCOUNT);
        assertThat(allowReset("--allow-reset=account")).isEqualTo(ResetGrant.ACCOUNT);
        assertThat(allowReset("--allow-reset=ALL")).isEqualTo(ResetGrant.ALL);
        assertThat(allowReset("--allow-reset=off")).isEqualTo(ResetGrant.OFF);
    }

    @Test
    void anotherValueIsRefusedNamingTheOnesTaken() {
        assertThatThrownBy(() -> allowReset("--allow-reset=yes")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("off, account or all");
    }
}
