package io.cerulean.app;

import io.cerulean.http.throttle.ScalabilityTargets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code serve} options that hold requests to Azure's scalability targets (docs/scalability-targets.md). */
final class ScalabilityTargetOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--scalability-targets", paramLabel = "off|azure",
            defaultValue = "${env:CERULEAN_SCALABILITY_TARGETS:-off}",
            description = "azure: answer 503 ServerBusy, as Azure does, to requests past a standard storage account's "
                    + "scalability targets (per account, table partition, queue and blob); off by default "
                    + "(env CERULEAN_SCALABILITY_TARGETS).")
    String mode;

    @Option(names = "--scalability-target", paramLabel = "NAME=VALUE",
            description = "Set one target (repeatable), with --scalability-targets azure: "
                    + "account-requests-per-second, account-ingress-bytes-per-second, "
                    + "account-egress-bytes-per-second, table-partition-entities-per-second, "
                    + "queue-messages-per-second, blob-requests-per-second, burst-seconds. Also from env "
                    + "CERULEAN_SCALABILITY_TARGET, as NAME=VALUE;NAME=VALUE.")
    List<String> targets = List.of();

    /** The targets to enforce, or empty for none; a bad name or value is a usage error. */
    Optional<ScalabilityTargets> targets() {
        List<String> set = new ArrayList<>();
        String fromEnvironment = System.getenv("CERULEAN_SCALABILITY_TARGET");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            set.addAll(List.of(fromEnvironment.split(";")));
        }
        set.addAll(targets);
        switch (mode) {
            case "off" -> {
                if (!set.isEmpty()) {
                    throw new ParameterException(spec.commandLine(),
                            "--scalability-target sets a target of --scalability-targets azure, which is off");
                }
                return Optional.empty();
            }
            case "azure" -> {
                ScalabilityTargets enforced = ScalabilityTargets.azure();
                try {
                    for (String target : set) {
                        enforced = enforced.with(target);
                    }
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), "--scalability-target: " + e.getMessage());
                }
                return Optional.of(enforced);
            }
            default -> throw new ParameterException(spec.commandLine(),
                    "--scalability-targets is off or azure, not '" + mode + "'");
        }
    }
}
