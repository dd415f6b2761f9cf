#!/usr/bin/perl
# Rotate and compress the service logs.
use strict;
use warnings;

package Rotator;

sub new {
    my ($class, %opts) = @_;
    my $self = { dir => $opts{dir}, keep => $opts{keep} // 7 };
    return bless $self, $class;
}

sub rotate {
    my ($self) = @_;
    for my $file (glob "$self->{dir}/*.log") {
        rename $file, "$file.1" or warn "cannot rotate $file: $!";
    }
}

sub prune {
    my ($self) = @_;
    my @old = sort { -M $b <=> -M $a } glob "$self->{dir}/*.log.*";
    unlink splice(@old, $self->{keep}) if @old > $self->{keep};
}

package main;

my $r = Rotator->new(dir => '/var/log/app');
$r->rotate;
$r->prune;
