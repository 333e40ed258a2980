/**
 * Cerulean in a JUnit 5 test suite: {@link io.cerulean.junit5.CeruleanExtension} starts an
 * in-memory server on a free port for a test class ({@code perClass()}) or once for the whole run
 * ({@code perRun()}), and injects it, its connection string or its endpoint into test parameters.
 * {@link io.cerulean.junit5.CeruleanTest} does the same as an annotation on the class.
 *
 * <p>JUnit is the test project's to choose: the extension needs JUnit Jupiter 5.9 or later (6 too),
 * is compiled against 5.9 and brings no JUnit of its own, so the project's declaration wins
 * whatever the order of its dependencies.
 */
package io.cerulean.junit5;
