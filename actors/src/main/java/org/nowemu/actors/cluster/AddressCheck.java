package org.nowemu.actors.cluster;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import org.nowemu.actors.config.BadInputException;

/**
 * The addresses of a member, checked before Pekko starts, so that a wrong one is one line of bad input rather
 * than Pekko's bind failure with its stack trace or join retries that never end: the host to bind is known and
 * is this machine's, the port is free, and every seed node's host is known.
 */
final class AddressCheck {
    private AddressCheck() {
    }

    static void check(ClusterSettings cs) {
        InetAddress self = resolve(cs.hostname(), "nowemu.cluster.hostname '" + cs.hostname() + "'");
        // First any port on that address: a failure then is the address's, not the port's.
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(self, 0));
        } catch (IOException e) {
            throw new BadInputException("nowemu.cluster.hostname '" + cs.hostname() + "': cannot bind it on this"
                    + " machine (" + e.getMessage() + ")");
        }
        if (cs.port() != 0 && cs.transport().equals("aeron-udp")) {
            try (DatagramSocket s = new DatagramSocket(null)) {
                s.bind(new InetSocketAddress(self, cs.port()));
            } catch (IOException e) {
                throw new BadInputException("nowemu.cluster.port " + cs.port() + ": UDP " + cs.hostname() + ":"
                        + cs.port() + " is already in use (another program or nowemu member holds it; 0 takes any"
                        + " free port)");
            }
        } else if (cs.port() != 0) {
            try (ServerSocket s = new ServerSocket()) {
                // With SO_REUSEADDR, as the JDK's server sockets under Artery have on Unix: a port left in
                // TIME_WAIT by an earlier member is free, one that something listens on is not.
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress(self, cs.port()));
            } catch (IOException e) {
                throw new BadInputException("nowemu.cluster.port " + cs.port() + ": " + cs.hostname() + ":"
                        + cs.port() + " is already in use (another program or nowemu member holds it; 0 takes any"
                        + " free port)");
            }
        }
        for (String seed : cs.seedNodes()) {
            resolve(ClusterSettings.hostOf(seed), "seed node '" + seed + "'");
        }
    }

    private static InetAddress resolve(String host, String what) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new BadInputException(what + ": unknown host " + host);
        }
    }
}
