package io.cerulean.it.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A scrape of {@code /$metrics} read as Prometheus' text format: one sample a line, its name, its labels
 * (escapes undone) and its value; comments skipped.
 */
record Scrape(String text, List<Sample> samples) {
    record Sample(String name, Map<String, String> labels, double value) {
    }

    static Scrape of(int port) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/$metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("/$metrics answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Scrape parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            samples.add(sample(line));
        }
        return new Scrape(text, samples);
    }

    /** The sum of the samples of {@code name} that carry every label given (name, value, name, value...). */
    double sum(String name, String... labels) {
        double sum = 0;
        for (Sample sample : samples) {
            if (sample.name.equals(name) && carries(sample, labels)) {
                sum += sample.value;
            }
        }
        return sum;
    }

    /** Whether some sample of {@code name} carries every label given. */
    boolean has(String name, String... labels) {
        return samples.stream().anyMatch(sample -> sample.name.equals(name) && carries(sample, labels));
    }

    /** The names of every sample. */
    Set<String> names() {
        Set<String> names = new TreeSet<>();
        samples.forEach(sample -> names.add(sample.name));
        return names;
    }

    private static boolean carries(Sample sample, String... labels) {
        for (int i = 0; i < labels.length; i += 2) {
            if (!labels[i + 1].equals(sample.labels.get(labels[i]))) {
                return false;
            }
        }
        return true;
    }

    private static Sample sample(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        Map<String, String> labels = new LinkedHashMap<>();
        String name;
        int rest;
        if (brace >= 0 && (space < 0 || brace < space)) {
            name = line.substring(0, brace);
            int i = brace + 1;
            while (line.charAt(i) != '}') {
                int equals = line.indexOf('=', i);
                String label = line.substring(i, equals).trim();
                StringBuilder value = new StringBuilder();
                int j = equals + 2; // past ="
                for (; line.charAt(j) != '"'; j++) {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char next = line.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    } else {
                        value.append(c);
                    }
                }
                labels.put(label, value.toString());
                i = j + 1;
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            rest = i + 1;
        } else {
            name = line.substring(0, space);
            rest = space;
        }
        String[] fields = line.substring(rest).trim().split("\\s+");
        double value = switch (fields[0]) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(fields[0]);
        };
        return new Sample(name, labels, value);
    }
}
