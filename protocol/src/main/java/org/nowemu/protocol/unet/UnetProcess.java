package org.nowemu.protocol.unet;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.commons.javaflow.api.continuable;
import org.nowemu.actors.runtime.IdSystem;
import org.nowemu.hardware.nic.NicParts;
import org.nowemu.hardware.profile.HardwareProfile;
import org.nowemu.protocol.parts.host.HostOps;
import org.nowemu.protocol.parts.host.PolledProcess;
import org.nowemu.protocol.parts.ledger.MessageIds;
import org.nowemu.protocol.parts.staging.StagingArea;
import org.nowemu.protocol.parts.steps.HostSteps;
import org.nowemu.protocol.parts.translation.AddressTranslation;
import org.nowemu.protocol.parts.translation.Step;
import org.nowemu.protocol.parts.translation.TranslationChoice;
import org.nowemu.protocol.parts.translation.TranslationCosts;

/**
 * A process on U-Net with its one endpoint (systems §13.4): the library and the program that uses it. Creating
 * the endpoint and each channel is a trap into the kernel, which pins the segment and installs the channel on the
 * NIC. Send: push a descriptor onto the send queue in NIC SRAM by programmed I/O (reading the entry's flag across
 * the bus when it is not known free), the data in it if small; larger data must be in the segment, where the
 * program composes it ({@link #compose}: a copy, the DMA-area choice of {@code parts/translation}), or, on U-Net/MM,
 * anywhere, the NIC translating. Poll: look at the receive queue's next descriptor in cached host memory; take the
 * message (its data in the descriptor or in a segment buffer), then give the descriptor, and the buffer to the free
 * queue, back by programmed I/O. Waiting spins on polls or, with upcalls, sleeps until the NIC interrupts and pays a
 * user-level signal's dispatch (P14). U-Net promises nothing: its messages enter the ledger as sent without a
 * promise, and one the NIC drops is counted and reported, not a broken run.
 *
 * <p>Counters: {@code unet.sent}, {@code unet.handled}, {@code unet.flag_reads}, {@code unet.queue_full},
 * {@code unet.polls}, and the profile's {@code host.signals}.
 */
public final class UnetProcess extends PolledProcess<Unet.Message> {
    private final UnetSettings s;
    private final HostSteps c;
    private final UnetProgram program;
    private final int[] sentTo;
    private final int[] channelDest;
    private final AddressTranslation segment;
    private final TranslationCosts costs;
    private int channels;

    public UnetProcess(HardwareProfile profile, NicParts nic, int hosts, UnetSettings settings, UnetProgram program) {
        super(profile, nic, hosts, settings.host(), "unet", "queue_full", settings.sendQueue(),
                new StagingArea("h" + nic.nic() + " unet receive queue", settings.recvQueue()), settings.interrupts(),
                true); // an upcall is a user-level signal (P14)
        this.s = settings;
        this.c = settings.host();
        this.program = program;
        this.sentTo = new int[hosts];
        this.channelDest = new int[settings.channels()];
        this.segment = new AddressTranslation(TranslationChoice.DMA_AREA, settings.translation(),
                profile.host().pageSize());
        this.costs = new TranslationCosts(profile);
    }

    @Override
    @continuable
    protected void program() {
        ops().cycles(s.syscallCycles());
        ops().pioWrite(2, new UnetWire.Init());
        program.run(new Unet(this));
    }

    UnetSettings settings() {
        return s;
    }

    @continuable
    int createChannel(int dest) {
        if (dest < 0 || dest >= hosts() || dest == host()) {
            throw new IllegalArgumentException("unet: no destination " + dest + " (hosts 0.." + (hosts() - 1)
                    + ", not this one, " + host() + ")");
        }
        if (channels == s.channels()) {
            throw new IllegalStateException("unet: an endpoint has at most " + s.channels() + " channels");
        }
        ops().cycles(s.syscallCycles());
        int ch = channels++;
        channelDest[ch] = dest;
        ops().pioWrite(2, new UnetWire.Channel(ch, dest));
        return ch;
    }

    /** The program puts {@code bytes} bytes of its data at {@code va} where the NIC can send them from. */
    void compose(long va, int bytes) {
        if (s.tlb() || bytes <= s.inlineBytes()) {
            return; // U-Net/MM: the NIC's TLB translates any page; small data rides in the descriptor
        }
        for (Step step : segment.translate(va, bytes).library()) {
            if (step instanceof Step.HostCopy copy) {
                ops().memcpy(copy.bytes());
            } else {
                computeFor(costs.ps(step));
            }
        }
    }

    @continuable
    void send(int channel, long offset, byte[] data) {
        int length = data.length;
        if (length < 1 || length > s.bufferSize()) {
            throw new IllegalArgumentException("unet: a message holds 1.." + s.bufferSize() + " bytes, got " + length);
        }
        HostOps ops = ops();
        ops.cycles(c.call());
        awaitSendEntry();
        int index = sendTail.claim();
        // The library is the user's: it may name any channel; the NIC refuses one the kernel did not install, and
        // only a message on a channel of the endpoint enters the ledger.
        boolean known = channel >= 0 && channel < channels;
        int dest = known ? channelDest[channel] : -1;
        int seq = known ? sentTo[dest]++ : -1;
        if (known) {
            book().sentWithoutPromise(MessageIds.of(IdSystem.UNET, host(), dest, seq), clock(),
                    MessageIds.address(dest));
        }
        ops.cycles(c.packet());
        boolean inline = length <= s.inlineBytes();
        int words = s.descriptorWords() + (inline ? HostOps.words(0, length) : 0);
        ops.pioWrite(words, new UnetWire.Send(index, channel, offset, seq, inline, Arrays.copyOf(data, data.length)));
        stat("unet.sent").increment();
    }

    /** The next message in the receive queue, its descriptor and buffer given back; null if none has arrived. */
    @Override
    @continuable
    public Unet.Message poll() {
        startPoll();
        if (!arrived()) {
            return null;
        }
        int slot = recv.take();
        ByteBuffer d = ByteBuffer.wrap(recv.content(slot));
        int buffer = d.getInt();
        UnetWire.Header h = UnetWire.header(d);
        handled(MessageIds.of(IdSystem.UNET, h.src(), host(), h.seq()));
        giveBack(slot, s.consumeWords(), new UnetWire.Consumed(slot, buffer));
        byte[] data = new byte[h.length()];
        d.get(data);
        return new Unet.Message(h.src(), data, buffer < 0 ? -1 : s.bufferOffset(buffer));
    }
}
