#!/usr/bin/env perl
# A bot for phom's bot protocol (version 1), in Perl: it answers every decision with the first legal
# action. Run it as a bot: phom arena "cmd:perl examples/bots/first.pl" --panel greedy --deals 4
use strict;
use warnings;
use JSON::PP;

my $json = JSON::PP->new->utf8->canonical;
$| = 1;                                   # every answer leaves at once
while (my $line = <STDIN>) {
    my $message = $json->decode($line);
    if ($message->{type} eq 'act') {
        print $json->encode({action => $message->{legal}[0]}), "\n";
    }
}
