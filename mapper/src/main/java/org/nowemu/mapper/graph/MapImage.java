package org.nowemu.mapper.graph;

import java.util.Map;

/**
 * A {@link NetMap} as plain values, for a daemon's outcome: it crosses between JVMs with the daemon's report
 * (every class here is in {@code nowemu.wire.classes.mapper}) and gives back an equal map. Not to be changed
 * once made.
 *
 * @param prober  the NIC address of the host that mapped
 * @param routes  per switch, by id: the route bytes from the prober to it
 * @param backs   per switch, by id: the route bytes from it back to the prober
 * @param hosts   per host found: its NIC address, its switch and the port offset there (three ints each)
 * @param links   per switch-to-switch link, once: switch, offset, far switch, far offset (four ints each)
 */
public record MapImage(int prober, byte[][] routes, byte[][] backs, int[] hosts, int[] links) {

    /** The values of {@code map}. */
    public static MapImage of(NetMap map) {
        int n = map.switches().size();
        byte[][] routes = new byte[n][];
        byte[][] backs = new byte[n][];
        int[] hosts = new int[3 * map.hosts().size()];
        int ends = 0;
        for (NetMap.Switch s : map.switches()) {
            ends += s.links.size();
        }
        int[] links = new int[4 * ends];
        int h = 0;
        int l = 0;
        for (NetMap.Switch s : map.switches()) {
            routes[s.id] = s.route.clone();
            backs[s.id] = s.back.clone();
            for (Map.Entry<Integer, NetMap.End> e : s.links.entrySet()) {
                NetMap.End far = e.getValue();
                // Each link once, from its lower end (a port cabled to itself too).
                if (far.sw() > s.id || (far.sw() == s.id && far.offset() >= e.getKey())) {
                    links[l++] = s.id;
                    links[l++] = e.getKey();
                    links[l++] = far.sw();
                    links[l++] = far.offset();
                }
            }
        }
        for (int nic : map.hosts()) {
            NetMap.End at = map.hostEnd(nic);
            hosts[h++] = nic;
            hosts[h++] = at.sw();
            hosts[h++] = at.offset();
        }
        return new MapImage(map.prober(), routes, backs, hosts, java.util.Arrays.copyOf(links, l));
    }

    /** The map again: switches with the same ids, routes and ports, the same hosts and links. */
    public NetMap map() {
        NetMap m = new NetMap(prober);
        for (int s = 0; s < routes.length; s++) {
            m.add(routes[s], backs[s]);
        }
        for (int i = 0; i < hosts.length; i += 3) {
            m.host(hosts[i], new NetMap.End(hosts[i + 1], hosts[i + 2]));
        }
        for (int i = 0; i < links.length; i += 4) {
            m.link(new NetMap.End(links[i], links[i + 1]), new NetMap.End(links[i + 2], links[i + 3]));
        }
        return m;
    }
}
